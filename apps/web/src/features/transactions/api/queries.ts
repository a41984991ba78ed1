import {
  type DecodedDataResponse,
  getDecodedData,
  getTransactionDetails,
  getTransactionHistory,
  getTransactionQueue,
  type TransactionDetails,
  type TransactionListPage,
} from '@safe-global/safe-gateway-typescript-sdk'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { GatewayError, gatewayCall } from '../../../lib/gateway'
import { gatewayFetch } from '../../../lib/gatewayFetch'
import { isTransactionId } from '../utils/transactionId'
import { transactionKeys } from './keys'

// CGW groups the history by day in this time zone (the DATE_LABEL items).
const timezone = (): string | undefined => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}

const nextPage = (page: TransactionListPage): string | undefined => page.next ?? undefined

/** `GET …/safes/{address}/transactions/history`: executed transactions, newest first, with day labels. */
export const historyQueryOptions = (chainId: string, address: string) =>
  infiniteQueryOptions({
    queryKey: transactionKeys.history(chainId, address),
    queryFn: ({ pageParam }): Promise<TransactionListPage> =>
      gatewayCall(() => getTransactionHistory(chainId, address, { timezone: timezone() }, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
  })

/** `GET …/safes/{address}/transactions/queued`: pending transactions grouped by nonce. */
export const queueQueryOptions = (chainId: string, address: string) =>
  infiniteQueryOptions({
    queryKey: transactionKeys.queue(chainId, address),
    queryFn: ({ pageParam }): Promise<TransactionListPage> =>
      gatewayCall(() => getTransactionQueue(chainId, address, {}, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: nextPage,
  })

/**
 * `GET /v1/chains/{chainId}/transactions/{id}`. The SDK puts the id into the path as it is: it is checked
 * and encoded here, so an id from a link can never name another path.
 */
export const transactionDetailsQueryOptions = (chainId: string, id: string) =>
  queryOptions({
    queryKey: transactionKeys.details(chainId, id),
    queryFn: (): Promise<TransactionDetails> =>
      gatewayCall(async () => {
        if (!isTransactionId(id)) throw new GatewayError(`Invalid transaction id: ${id}`)
        return getTransactionDetails(chainId, encodeURIComponent(id))
      }),
  })

/** `POST /v1/chains/{chainId}/data-decoder`, for calldata the transaction details left undecoded. */
export const decodedDataQueryOptions = (chainId: string, to: string, data: string, operation: 0 | 1) =>
  queryOptions({
    queryKey: transactionKeys.decoded(chainId, to, data),
    queryFn: (): Promise<DecodedDataResponse> =>
      gatewayCall(() => getDecodedData(chainId, operation, data, to)),
    staleTime: Number.POSITIVE_INFINITY,
  })

/** Concord's `GET …/safes/{address}/indexing`; null from a gateway without it (Safe's own CGW). */
export type SafeIndexing = {
  mode: 'all' | 'watched'
  watched: boolean
  complete: boolean
  /** Executions listed whose details are still being read (newest first); absent from older gateways. */
  pendingExecutions?: number
  backfilledTo: number | null
  indexedBlockNumber: number | null
}

/** How far the gateway has read a Safe's history, polled until it is complete. */
export const safeIndexingQueryOptions = (chainId: string, address: string) =>
  queryOptions({
    queryKey: [...transactionKeys.all(), chainId, address, 'indexing'] as const,
    queryFn: async (): Promise<SafeIndexing | null> => {
      try {
        return await gatewayFetch<SafeIndexing>('GET', `/v1/chains/${chainId}/safes/${address}/indexing`)
      } catch (error) {
        if (error instanceof GatewayError && error.code === 404) return null
        throw error
      }
    },
    refetchInterval: (q) => (q.state.data && !q.state.data.complete ? 2_000 : false),
    retry: false,
  })
