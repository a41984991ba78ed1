import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, getAddress, isAddress, zeroAddress } from 'viem'
import { holesky, mainnet, sepolia } from 'viem/chains'

// Which ENS source a chain has, light enough for the landing page: the lookups themselves (ensLookup.ts, with
// viem's ENS name normalisation) load with the first name asked for.

/** The ENS registry ENS deployed at the same address on mainnet and its testnets. */
const ENS_REGISTRY: Address = '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e'
const UNIVERSAL_RESOLVERS: Record<string, Address | undefined> = Object.fromEntries(
  [mainnet, sepolia, holesky].map((c) => [String(c.id), c.contracts.ensUniversalResolver?.address]),
)

export type EnsSource = { registry: Address; universalResolver?: Address | undefined }

/** Where a chain's ENS names come from, or undefined when its config has no registry (then nothing is asked). */
export function ensSourceOf(chain: Pick<ChainInfo, 'chainId' | 'ensRegistryAddress'>): EnsSource | undefined {
  const configured = chain.ensRegistryAddress
  if (!configured || !isAddress(configured, { strict: false })) return undefined
  const registry = getAddress(configured)
  if (registry === zeroAddress) return undefined
  const universalResolver = registry === ENS_REGISTRY ? UNIVERSAL_RESOLVERS[chain.chainId] : undefined
  return { registry, universalResolver }
}
