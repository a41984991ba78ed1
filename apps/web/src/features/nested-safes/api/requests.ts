import {
  getOwnedSafes,
  getSafeInfo,
  getTransactionDetails,
  getTransactionQueue,
  type SafeInfo,
  type TransactionDetails,
} from '@safe-global/safe-gateway-typescript-sdk'
import { queryOptions } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import type { Config } from 'wagmi'
import { getBytecode } from 'wagmi/actions'
import { GatewayError, gatewayCall } from '../../../lib/gateway'
import { approveHashCandidates, approvesHash } from '../approvals'
import { nestedKeys } from './keys'

/**
 * An owner's Safe info when the owner is a Safe; null when it is not one. An address without code (most owners)
 * is settled by one eth_getCode, without asking the gateway.
 */
export const ownerSafeQueryOptions = (config: Config, chainId: string, owner: Address) =>
  queryOptions({
    queryKey: nestedKeys.owner(chainId, owner),
    queryFn: async (): Promise<SafeInfo | null> => {
      const code = await getBytecode(config, { address: owner, chainId: Number(chainId) })
      if (!code || code === '0x') return null
      try {
        return await gatewayCall(() => getSafeInfo(chainId, owner))
      } catch (error) {
        if (error instanceof GatewayError && error.code === 404) return null
        throw error
      }
    },
    staleTime: 60_000,
  })

/** The parent's queued transaction that approves the child's `safeTxHash`, if it proposed one. */
export const pendingApprovalQueryOptions = (
  chainId: string,
  parent: Address,
  child: Address,
  safeTxHash: Hex,
) =>
  queryOptions({
    queryKey: nestedKeys.pending(chainId, parent, child, safeTxHash),
    queryFn: async (): Promise<TransactionDetails | null> => {
      const queue = await gatewayCall(() => getTransactionQueue(chainId, parent))
      for (const id of approveHashCandidates(queue.results, child)) {
        const details = await gatewayCall(() => getTransactionDetails(chainId, id))
        if (approvesHash(details, child, safeTxHash)) return details
      }
      return null
    },
    refetchInterval: 15_000,
  })

// How far down ownership is followed, and how many owner lookups that may cost (each is one gateway request).
const MAX_DEPTH = 3
const MAX_LOOKUPS = 30

/**
 * The Safes `account` controls on the chain, with how many Safes lie between (1: it is an owner; 2: it owns an
 * owner Safe; …), from the gateway's owner index followed breadth-first.
 */
export const controlledSafesQueryOptions = (chainId: string, account: string) =>
  queryOptions({
    queryKey: nestedKeys.controlled(chainId, account),
    queryFn: async (): Promise<Map<string, number>> => {
      const depthOf = new Map<string, number>()
      let frontier = [account]
      let lookups = 0
      for (let depth = 1; depth <= MAX_DEPTH && frontier.length; depth++) {
        const next: string[] = []
        for (const owner of frontier) {
          if (++lookups > MAX_LOOKUPS) return depthOf
          const { safes } = await gatewayCall(() => getOwnedSafes(chainId, owner))
          for (const safe of safes)
            if (!depthOf.has(safe.toLowerCase())) {
              depthOf.set(safe.toLowerCase(), depth)
              next.push(safe)
            }
        }
        frontier = next
      }
      return depthOf
    },
    staleTime: 60_000,
    meta: { persist: false },
  })
