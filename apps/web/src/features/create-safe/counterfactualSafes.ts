import { type Address, getAddress } from 'viem'

// Counterfactual Safes: created in this browser but not deployed yet. The gateway knows only an address (it
// answers 404 for it); the setup that deploys it lives here, per chain, until it is activated.

/** A Safe's setup, enough to deploy it at its predicted address. */
export type CounterfactualSafe = {
  chainId: string
  address: Address
  owners: Address[]
  threshold: number
  /** Decimal string (a bigint). */
  saltNonce: string
  /** The block it was first shown at (decimal string): tokens sent to it are looked for from there. */
  fromBlock?: string
}

const KEY = 'concord.counterfactualSafes'

function readAll(): CounterfactualSafe[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown
    return Array.isArray(parsed) ? (parsed as CounterfactualSafe[]) : []
  } catch {
    return []
  }
}

const same = (a: { chainId: string; address: string }, b: { chainId: string; address: string }) =>
  a.chainId === b.chainId && a.address.toLowerCase() === b.address.toLowerCase()

export function saveCounterfactualSafe(safe: CounterfactualSafe): void {
  const others = readAll().filter((s) => !same(s, safe))
  localStorage.setItem(KEY, JSON.stringify([...others, { ...safe, address: getAddress(safe.address) }]))
}

export function findCounterfactualSafe(chainId: string, address: string): CounterfactualSafe | undefined {
  return readAll().find((s) => same(s, { chainId, address }))
}

export function removeCounterfactualSafe(chainId: string, address: string): void {
  localStorage.setItem(KEY, JSON.stringify(readAll().filter((s) => !same(s, { chainId, address }))))
}
