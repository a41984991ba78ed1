import { safeAbi } from '@concord/safe/contracts'
import { delayAbi, ownerChangeOutcome } from '@concord/safe/recovery'
import { useQuery } from '@tanstack/react-query'
import { type Address, isAddressEqual } from 'viem'
import { getPublicClient } from 'wagmi/actions'
import { useWalletConfig } from '../../lib/walletRuntime'
import { recoveryKeys } from './api/keys'
import type { DelayRecovery } from './api/types'

/** Per queued recovery (`delay:queueNonce`): whether what the gateway shows is what the Delay holds. */
export type RecoveryChecks = Record<string, 'verified' | 'mismatch'>

export const checkKey = (delay: Address, queueNonce: number) => `${delay.toLowerCase()}:${queueNonce}`

/**
 * The browser's own check of the pending recoveries the gateway lists: each one's parameters must hash (the Delay's
 * getTransactionHash) to the hash the Delay stored for its nonce, and decoding them here against the owners read
 * from the chain must give the new owners and threshold shown. A gateway cannot make owners wave through a
 * recovery it shows as another, nor have anyone execute one it made up.
 */
export function useVerifiedRecovery(chainId: string, safe: Address, delays: readonly DelayRecovery[]) {
  const config = useWalletConfig()
  const items = delays.flatMap((delay) => delay.queue.map((item) => ({ delay, item })))
  return useQuery({
    queryKey: recoveryKeys.check(
      chainId,
      safe,
      items.map(({ delay, item }) => `${checkKey(delay.address, item.queueNonce)}:${item.txHash}`),
    ),
    enabled: items.length > 0 && config !== undefined,
    queryFn: async (): Promise<RecoveryChecks> => {
      if (!config) throw new Error('The wallet has not loaded yet')
      const client = getPublicClient(config, { chainId: Number(chainId) })
      if (!client) throw new Error(`No RPC for chain ${chainId}`)
      const owners = await client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' })
      const checks: RecoveryChecks = {}
      for (const { delay, item } of items) {
        const args = [item.to, BigInt(item.value), item.data, item.operation] as const
        const [stored, computed] = await Promise.all([
          client.readContract({
            address: delay.address,
            abi: delayAbi,
            functionName: 'txHash',
            args: [BigInt(item.queueNonce)],
          }),
          client.readContract({
            address: delay.address,
            abi: delayAbi,
            functionName: 'getTransactionHash',
            args,
          }),
        ])
        const outcome = ownerChangeOutcome(safe, owners, { ...item, value: BigInt(item.value) })
        const sameOwners =
          outcome === null
            ? item.newOwners === null
            : item.newOwners !== null &&
              outcome.threshold === item.newThreshold &&
              outcome.owners.length === item.newOwners.length &&
              outcome.owners.every((o, i) => isAddressEqual(o, item.newOwners?.[i] as Address))
        checks[checkKey(delay.address, item.queueNonce)] =
          stored === computed && stored === item.txHash && sameOwners ? 'verified' : 'mismatch'
      }
      return checks
    },
  })
}
