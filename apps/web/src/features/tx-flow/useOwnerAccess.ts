import { safeAbi } from '@concord/safe/contracts'
import type { SafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, isAddressEqual } from 'viem'
import { useAccount, useConfig, useReadContract } from 'wagmi'

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
  const config = useConfig()
  const onChain = useReadContract({
    chainId: Number(chainId),
    address: safe,
    abi: safeAbi,
    functionName: 'getOwners',
    query: { staleTime: 4_000, gcTime: 0 },
  })
  // A wallet still reconnecting after a page load is not known to be absent yet; nor is one from the last visit
  // before wagmi starts reconnecting it (the first render after a load says disconnected, with `current` restored).
  if (status === 'reconnecting' || status === 'connecting') return { status: 'checking' }
  if (status === 'disconnected' && config.state.current) return { status: 'checking' }
  if (status !== 'connected' || !address) return { status: 'disconnected' }
  const owners = onChain.data ?? (onChain.isError ? info?.owners.map((o) => o.value as Address) : undefined)
  if (!owners) return { status: 'checking' }
  return owners.some((owner) => isAddressEqual(owner, address))
    ? { status: 'owner', account: address, owners }
    : { status: 'not-owner', account: address }
}
