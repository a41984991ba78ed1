import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, getAddress, isAddress } from 'viem'

/**
 * Safe{Wallet}-style Safe links: the Safe is named by the `safe` query parameter as an EIP-3770
 * address, `?safe=<chain shortName>:<address>`, on every Safe screen (`/assets?safe=dev:0x…`).
 */
export const SAFE_PARAM = 'safe'

type LinkChain = Pick<ChainInfo, 'chainId' | 'shortName'>

export type SafeAddressResult<C extends LinkChain> =
  | { ok: true; chain: C; address: Address }
  | { ok: false; error: string }

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/

export const ADDRESS_ERRORS = {
  empty: "Enter the Safe's address",
  invalid: 'Invalid address: expected 0x followed by 40 hexadecimal characters',
  checksum: 'Invalid address checksum: check the mixed-case letters or paste it in lower case',
} as const

/** Validates an address typed by the user; any case is accepted, mixed case must be a valid checksum. */
export function validateAddress(
  input: string,
): { ok: true; address: Address } | { ok: false; error: string } {
  const value = input.trim()
  if (value === '') return { ok: false, error: ADDRESS_ERRORS.empty }
  if (!HEX_ADDRESS.test(value)) return { ok: false, error: ADDRESS_ERRORS.invalid }
  if (!isAddress(value, { strict: true })) return { ok: false, error: ADDRESS_ERRORS.checksum }
  return { ok: true, address: getAddress(value) }
}

/** The chain named by an EIP-3770 prefix: its shortName, or (leniently) its decimal chain id. */
export function findChainByPrefix<C extends LinkChain>(chains: readonly C[], prefix: string): C | undefined {
  const wanted = prefix.trim().toLowerCase()
  return (
    chains.find((chain) => chain.shortName?.toLowerCase() === wanted) ??
    chains.find((chain) => chain.chainId === wanted)
  )
}

/**
 * Parses `dev:0x…` (from the URL or the "add Safe" input). A bare address is accepted when a
 * default chain is given.
 */
export function parseSafeAddress<C extends LinkChain>(
  input: string,
  chains: readonly C[],
  defaultChain?: C,
): SafeAddressResult<C> {
  const value = input.trim()
  const separator = value.indexOf(':')
  let chain = defaultChain
  let rest = value
  if (separator !== -1) {
    const prefix = value.slice(0, separator)
    chain = findChainByPrefix(chains, prefix)
    if (!chain) return { ok: false, error: `Unknown chain prefix "${prefix}"` }
    rest = value.slice(separator + 1)
  }
  if (!chain) return { ok: false, error: 'The link names no chain: expected <chain>:<address>' }
  const address = validateAddress(rest)
  return address.ok ? { ok: true, chain, address: address.address } : address
}

/** The `safe` parameter value: `dev:0xeE3A…` (the colon stays readable in the URL). */
export const formatSafeParam = (chain: Pick<ChainInfo, 'shortName' | 'chainId'>, address: string): string =>
  `${chain.shortName || chain.chainId}:${address}`

/** `pathname?safe=<param>&…extra` */
export function safeHref(pathname: string, safeParam: string, extra: Record<string, string> = {}): string {
  const query = [
    `${SAFE_PARAM}=${encodeURIComponent(safeParam).replace(/%3A/gi, ':')}`,
    ...Object.entries(extra).map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`),
  ]
  return `${pathname}?${query.join('&')}`
}
