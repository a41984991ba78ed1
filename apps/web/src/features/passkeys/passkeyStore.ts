// The passkeys of this device that own (or are being added to) a Safe: the WebAuthn credential id, its P-256
// public key and the signer contract address, in localStorage per chain and Safe. The passkey itself lives in the
// authenticator; this entry only says which credential to ask for. Losing it loses no key and no ownership (the
// signer stays an owner on chain), but this browser can no longer tell which credential signs for that owner:
// the UI says so where it lists the Safe's passkeys.
import { useSyncExternalStore } from 'react'
import { type Address, getAddress, type Hex, isAddressEqual, isHex } from 'viem'

export const PASSKEYS_STORAGE_KEY = 'concord.passkeys'

export type StoredPasskey = {
  chainId: string
  safe: Address
  /** The WebAuthn credential id (base64url), as `navigator.credentials.get` asks for it. */
  credentialId: string
  /** The P-256 public key coordinates, 32-byte hex each. */
  x: Hex
  y: Hex
  /** The SafeWebAuthnSigner proxy address the factory gives this key (the Safe owner). */
  signer: Address
  /** Who made it and when, to tell passkeys apart. */
  label: string
  createdAt: number
}

const listeners = new Set<() => void>()
let cache: { raw: string | null; list: StoredPasskey[] } = { raw: null, list: [] }

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null
  } catch {
    return null
  }
}

const isEntry = (v: unknown): v is StoredPasskey => {
  const e = v as Partial<StoredPasskey> | null
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof e.chainId === 'string' &&
    typeof e.safe === 'string' &&
    typeof e.credentialId === 'string' &&
    isHex(e.x) &&
    isHex(e.y) &&
    typeof e.signer === 'string' &&
    typeof e.label === 'string' &&
    typeof e.createdAt === 'number'
  )
}

/** Every stored passkey; a corrupt entry reads as none (and is overwritten on the next save). */
export function readPasskeys(): StoredPasskey[] {
  const raw = storage()?.getItem(PASSKEYS_STORAGE_KEY) ?? null
  if (raw === cache.raw) return cache.list
  let list: StoredPasskey[] = []
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : []
    list = Array.isArray(parsed)
      ? parsed.filter(isEntry).map((e) => ({ ...e, safe: getAddress(e.safe), signer: getAddress(e.signer) }))
      : []
  } catch {
    list = []
  }
  cache = { raw, list }
  return list
}

/** Saves the passkey (replacing one with the same credential for the same Safe). */
export function savePasskey(passkey: StoredPasskey): void {
  const others = readPasskeys().filter(
    (p) => !(samePlace(p, passkey) && p.credentialId === passkey.credentialId),
  )
  storage()?.setItem(PASSKEYS_STORAGE_KEY, JSON.stringify([...others, passkey]))
  for (const listener of listeners) listener()
}

export function removePasskey(passkey: StoredPasskey): void {
  const rest = readPasskeys().filter(
    (p) => !(samePlace(p, passkey) && p.credentialId === passkey.credentialId),
  )
  storage()?.setItem(PASSKEYS_STORAGE_KEY, JSON.stringify(rest))
  for (const listener of listeners) listener()
}

const samePlace = (a: { chainId: string; safe: Address }, b: { chainId: string; safe: Address }) =>
  a.chainId === b.chainId && isAddressEqual(a.safe, b.safe)

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  // Another tab adding a passkey shows here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === PASSKEYS_STORAGE_KEY) listener()
  }
  globalThis.addEventListener?.('storage', onStorage)
  return () => {
    listeners.delete(listener)
    globalThis.removeEventListener?.('storage', onStorage)
  }
}

/** This device's passkeys for one Safe on one chain, updated as they change. */
export function useStoredPasskeys(chainId: string, safe: Address): StoredPasskey[] {
  const all = useSyncExternalStore(subscribe, readPasskeys, readPasskeys)
  return all.filter((p) => samePlace(p, { chainId, safe }))
}
