import { safeAbi } from '@concord/safe/contracts'
import type { SafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import type { Address } from 'viem'
import { useReadContracts } from 'wagmi'
import { type SafeSetupState, SENTINEL } from './builders/settings'

const MODULE_PAGE = 100n

/**
 * Owners and modules in the contract's linked-list order, read from the chain: removeOwner, swapOwner and
 * disableModule name the previous entry, and a wrong one makes the transaction revert. The gateway's lists
 * stand in only when the chain cannot be read.
 */
export function useSafeSetupState(
  chainId: string,
  safe: Address,
  info: SafeInfo,
): SafeSetupState & { fromChain: boolean } {
  const reads = useReadContracts({
    contracts: [
      { chainId: Number(chainId), address: safe, abi: safeAbi, functionName: 'getOwners' },
      {
        chainId: Number(chainId),
        address: safe,
        abi: safeAbi,
        functionName: 'getModulesPaginated',
        args: [SENTINEL, MODULE_PAGE],
      },
    ],
    allowFailure: false,
    query: { staleTime: 4_000, gcTime: 0 },
  })
  if (reads.data) {
    const [owners, [modules]] = reads.data
    return { address: safe, owners, modules, fromChain: true }
  }
  return {
    address: safe,
    owners: info.owners.map((owner) => owner.value as Address),
    modules: (info.modules ?? []).map((module) => module.value as Address),
    fromChain: false,
  }
}
