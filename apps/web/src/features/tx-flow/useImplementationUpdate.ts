import {
  SAFE_MIGRATION_V141_CODE_HASH,
  safeMigrationsV141,
  safeV130,
  safeV141,
} from '@concord/safe/contracts'
import type { SafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, getAddress, type Hex, isAddressEqual, keccak256, slice, zeroAddress } from 'viem'
import { useBytecode, useStorageAt } from 'wagmi'

/** What the chain holds at SafeMigration's canonical address. */
export type MigrationContractState = 'checking' | 'present' | 'missing' | 'other-code' | 'unreadable'

/** Storage slot of a Safe's singleton (the proxy's first slot). */
const SINGLETON_SLOT: Hex = '0x0'
/** keccak256("fallback_manager.handler.address"): where a Safe keeps its fallback handler. */
const FALLBACK_HANDLER_SLOT: Hex = '0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5'

const addressIn = (word: Hex | undefined): Address | null => {
  if (!word || word === '0x') return null
  const address = getAddress(slice(word, -20))
  return address === zeroAddress ? null : address
}

const KNOWN_SINGLETONS: [Address, string][] = [
  [safeV130.safeL2, '1.3.0+L2'],
  [safeV130.safe, '1.3.0'],
  [safeV141.safeL2, '1.4.1+L2'],
  [safeV141.safe, '1.4.1'],
]

export type ImplementationUpdateState = {
  /** Whether the chain holds the canonical v1.4.1 SafeMigration. */
  contract: MigrationContractState
  /** The Safe's version (`1.3.0+L2`) and fallback handler, from the chain once read (else the gateway's). */
  version: string | null
  fallbackHandler: Address | null
  fromChain: boolean
}

/**
 * What the update of the implementation needs, read from the chain rather than taken from the gateway: that
 * SafeMigration is there (its published code hash at its address; a DELEGATECALL to an address without code
 * succeeds and updates nothing, other code there would run as the Safe), whether the Safe runs the L2 singleton,
 * and its fallback handler (the 1.3.0 CompatibilityFallbackHandler is replaced by the 1.4.1 one).
 */
export function useImplementationUpdate(
  chainId: string,
  safe: Address,
  info: SafeInfo,
  /** False skips the reads (a Safe the gateway says is not updatable). */
  enabled = true,
): ImplementationUpdateState {
  const id = Number(chainId)
  const code = useBytecode({
    address: safeMigrationsV141.safeMigration,
    chainId: id,
    query: { enabled, staleTime: Number.POSITIVE_INFINITY },
  })
  const singleton = useStorageAt({
    address: safe,
    slot: SINGLETON_SLOT,
    chainId: id,
    query: { enabled, staleTime: 4_000 },
  })
  const handler = useStorageAt({
    address: safe,
    slot: FALLBACK_HANDLER_SLOT,
    chainId: id,
    query: { enabled, staleTime: 4_000 },
  })

  const contract: MigrationContractState = code.isError
    ? 'unreadable'
    : !code.isSuccess
      ? 'checking'
      : !code.data || code.data === '0x'
        ? 'missing'
        : keccak256(code.data) === SAFE_MIGRATION_V141_CODE_HASH
          ? 'present'
          : 'other-code'

  // Disabled reads may still hold cached answers from before an update: only the gateway speaks then.
  if (!enabled || !singleton.isSuccess || !handler.isSuccess)
    return {
      contract,
      version: info.version,
      fallbackHandler: (info.fallbackHandler?.value as Address | undefined) ?? null,
      fromChain: false,
    }
  // The canonical singletons are known by address; another deployment keeps the gateway's label.
  const current = addressIn(singleton.data)
  const version =
    (current && KNOWN_SINGLETONS.find(([address]) => isAddressEqual(address, current))?.[1]) ?? info.version
  return { contract, version, fallbackHandler: addressIn(handler.data), fromChain: true }
}
