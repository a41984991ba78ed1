import {
  getTransactionDetails,
  getTransactionQueue,
  type TransactionDetails,
  type TransactionListItem,
  type TransactionSummary,
} from '@safe-global/safe-gateway-typescript-sdk'
import { queryOptions } from '@tanstack/react-query'
import { gatewayCall } from '../../../lib/gateway'
import { pollUnlessLive } from '../../../lib/liveStatus'
import { multisigInfo } from '../utils/groupQueue'
import { queueKeys } from './keys'

/**
 * How often the queue refreshes. TanStack Query pauses interval refetches while the tab is hidden
 * (refetchIntervalInBackground is false) and refetches when it is shown again (refetchOnWindowFocus).
 */
export const QUEUE_REFRESH_MS = 4000

// Bounded: a queue longer than this many pages is not something to act on screen by screen.
const MAX_QUEUE_PAGES = 10

/** `GET …/safes/{safe}/transactions/queued`, every page, refreshed every few seconds while visible. */
export const fullQueueQueryOptions = (chainId: string, safe: string) =>
  queryOptions({
    queryKey: queueKeys.list(chainId, safe),
    queryFn: async (): Promise<TransactionListItem[]> => {
      const items: TransactionListItem[] = []
      let page = await gatewayCall(() => getTransactionQueue(chainId, safe))
      items.push(...page.results)
      for (let i = 1; page.next && i < MAX_QUEUE_PAGES; i++) {
        const next = page.next
        page = await gatewayCall(() => getTransactionQueue(chainId, safe, {}, next))
        items.push(...page.results)
      }
      return items
    },
    refetchInterval: pollUnlessLive(QUEUE_REFRESH_MS),
  })

/**
 * A queued transaction's details (parameters, confirmations with signatures, proposer). Keyed by its status
 * and confirmation count too, so a new confirmation seen in the list loads them again.
 */
export const queuedDetailsQueryOptions = (chainId: string, tx: TransactionSummary) =>
  queryOptions({
    queryKey: queueKeys.details(
      chainId,
      tx.id,
      `${tx.txStatus}:${multisigInfo(tx)?.confirmationsSubmitted ?? 0}`,
    ),
    queryFn: (): Promise<TransactionDetails> =>
      gatewayCall(() => getTransactionDetails(chainId, encodeURIComponent(tx.id))),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60_000,
  })
