// The Safe as the chain says it is right now. Write routes check against this, not against the index, which
// may be a few blocks behind (an owner removed a block ago must not confirm).
import { safeAbi } from '@concord/safe/contracts'
import { type Address, getAddress, type PublicClient } from 'viem'

export type OnChainSafe = { owners: Address[]; threshold: number; nonce: number }

export async function readOnChainSafe(client: PublicClient, safe: Address): Promise<OnChainSafe> {
  const read = <F extends 'getOwners' | 'getThreshold' | 'nonce'>(functionName: F) =>
    client.readContract({ address: safe, abi: safeAbi, functionName } as never)
  const [owners, threshold, nonce] = (await Promise.all([
    read('getOwners'),
    read('getThreshold'),
    read('nonce'),
  ])) as [readonly Address[], bigint, bigint]
  return { owners: owners.map((o) => getAddress(o)), threshold: Number(threshold), nonce: Number(nonce) }
}
