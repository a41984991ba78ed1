import { safeAbi } from '@concord/safe/contracts'
import type { SafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, isAddressEqual } from 'viem'
import { useAccount, useReadContract } from 'wagmi'

export type OwnerAccess =
  | { status: 'disconnected' }
  | { status: 'checking' }
  | { status: 'not-owner'; account: Address }
  | { status: 'owner'; account: Address; owners: readonly Address[] }

/**
 * Whether the connected wallet may propose and sign for the Safe: an owner as the chain says (the gateway's
 * list is only used while the chain read is pending or when the chain cannot be read).
 */
export function useOwnerAccess(chainId: string, safe: Address, info: SafeInfo | undefined): OwnerAccess {
  const { address, status } = useAccount()
  const onChain = useReadContract({
    chainId: Number(chainId),
    address: safe,
    abi: safeAbi,
    functionName: 'getOwners',
    query: { staleTime: 4_000, gcTime: 0 },
  })
  // A wallet still reconnecting after a page load is not known to be absent yet.
  if (status === 'reconnecting') return { status: 'checking' }
  if (status !== 'connected' || !address) return { status: 'disconnected' }
  const owners = onChain.data ?? (onChain.isError ? info?.owners.map((o) => o.value as Address) : undefined)
  if (!owners) return { status: 'checking' }
  return owners.some((owner) => isAddressEqual(owner, address))
    ? { status: 'owner', account: address, owners }
    : { status: 'not-owner', account: address }
}
