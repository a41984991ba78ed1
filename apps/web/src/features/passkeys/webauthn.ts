// The two WebAuthn ceremonies a passkey owner needs, through viem's WebAuthn helpers (ox underneath: it reads the
// P-256 key from the attestation and the r, s from the DER signature, so no CBOR or ASN.1 is parsed here), and the
// on-chain reads around them: the signer address the factory gives a key, and the signer's own EIP-1271 answer.
import { passkeyContracts } from '@concord/safe/modules'
import {
  base64UrlChallenge,
  chainPasskeyVerifiers,
  clientDataChallenge,
  EIP1271_MAGIC_VALUE,
  encodeWebAuthnSignature,
  passkeyContractSignature,
  webAuthnSignerAbi,
  webAuthnSignerFactoryAbi,
} from '@concord/safe/passkeys'
import { type Config, getBytecode, readContract } from '@wagmi/core'
import { type Address, type Hex, hexToBigInt, size, slice } from 'viem'
import { createWebAuthnCredential, toWebAuthnAccount } from 'viem/account-abstraction'
import type { StoredPasskey } from './passkeyStore'

export type NewPasskey = { credentialId: string; x: Hex; y: Hex }

/** Why a WebAuthn call failed, in words (the browser's NotAllowedError covers "cancelled" and "timed out"). */
export function passkeyErrorText(cause: unknown): string {
  const inner = (cause as { cause?: unknown })?.cause ?? cause
  const name = (inner as { name?: string })?.name
  if (name === 'NotAllowedError') return 'The passkey prompt was cancelled or timed out.'
  if (name === 'SecurityError')
    return 'This page may not use passkeys here (WebAuthn needs https or localhost, and a domain name).'
  if (name === 'InvalidStateError') return 'This authenticator already holds a passkey for this Safe.'
  if (typeof globalThis.PublicKeyCredential === 'undefined') return 'This browser does not support passkeys.'
  return inner instanceof Error ? inner.message : String(inner)
}

/** Creates a passkey on this device (ES256, user verification preferred) and returns its public key. */
export async function createPasskey(name: string): Promise<NewPasskey> {
  const credential = await createWebAuthnCredential({
    // A random user handle: by default it is derived from the name, and an authenticator replaces the resident
    // passkey of the same site and user handle, so a second passkey of the same name would erase the first.
    user: { id: crypto.getRandomValues(new Uint8Array(16)), name, displayName: name },
    authenticatorSelection: {
      residentKey: 'preferred',
      requireResidentKey: false,
      userVerification: 'preferred',
    },
  })
  // viem gives the uncompressed P-256 key without its 0x04 prefix: x then y, 32 bytes each.
  if (size(credential.publicKey) !== 64) throw new Error('The authenticator returned a key that is not P-256')
  return {
    credentialId: credential.id,
    x: slice(credential.publicKey, 0, 32),
    y: slice(credential.publicKey, 32, 64),
  }
}

/** The factory's signer address for a key, and whether the factory and its verifier are on this chain. */
export async function signerAddressFor(
  config: Config,
  chainId: number,
  key: { x: Hex; y: Hex },
): Promise<Address> {
  const { verifiers, fallback } = chainPasskeyVerifiers(chainId)
  for (const [name, address] of [
    ['the passkey signer factory', passkeyContracts.webAuthnSignerFactory],
    ['the P-256 verifier', fallback],
  ] as const) {
    const code = await getBytecode(config, { address, chainId })
    if (!code || code === '0x')
      throw new Error(`This chain has no ${name} at ${address}: passkey owners need it`)
  }
  return readContract(config, {
    address: passkeyContracts.webAuthnSignerFactory,
    abi: webAuthnSignerFactoryAbi,
    functionName: 'getSigner',
    args: [hexToBigInt(key.x), hexToBigInt(key.y), verifiers],
    chainId,
  })
}

/**
 * Asks the authenticator to sign `hash` (the WebAuthn challenge, user verification required, as the signer
 * contract demands) and returns the owner's contract signature, only after checking that the authenticator
 * signed exactly this hash and that the signer contract on chain accepts it (EIP-1271 magic value).
 */
export async function signHashWithPasskey(
  config: Config,
  chainId: number,
  passkey: StoredPasskey,
  hash: Hex,
): Promise<Hex> {
  const account = toWebAuthnAccount({
    credential: { id: passkey.credentialId, publicKey: `0x${passkey.x.slice(2)}${passkey.y.slice(2)}` },
  })
  const { signature, webauthn } = await account.sign({ hash })
  if (clientDataChallenge(webauthn.clientDataJSON) !== base64UrlChallenge(hash))
    throw new Error('The authenticator signed another challenge than the transaction hash shown')
  const webAuthnSignature = encodeWebAuthnSignature({
    authenticatorData: webauthn.authenticatorData,
    clientDataJSON: webauthn.clientDataJSON,
    r: hexToBigInt(slice(signature, 0, 32)),
    s: hexToBigInt(slice(signature, 32, 64)),
  })
  const answer = await readContract(config, {
    address: passkey.signer,
    abi: webAuthnSignerAbi,
    functionName: 'isValidSignature',
    args: [hash, webAuthnSignature],
    chainId,
  }).catch(() => null)
  if (answer?.toLowerCase() !== EIP1271_MAGIC_VALUE)
    throw new Error(
      `The passkey's signer contract ${passkey.signer} does not accept this signature (is it deployed, and is this its passkey?)`,
    )
  return passkeyContractSignature(passkey.signer, webAuthnSignature)
}
