import { createSyncStoragePersister } from '@tanstack/query-sync-storage-persister'
import { MutationCache, type Query, QueryClient, type QueryKey } from '@tanstack/react-query'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { QUERY_CACHE_BUSTER, QUERY_CACHE_MAX_AGE_MS, STORAGE_KEYS } from '../config/constants'
import { deserialize, serialize } from './persistFormat'
import { showToast } from './toasts'

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Set to false for data with its own browser copy, which a restored older answer would overwrite. */
      persist?: boolean
    }
    mutationMeta: {
      /** Set to false when the component shows the error itself. */
      errorToast?: boolean
    }
  }
}

// wagmi's connection mutations report their errors in the connect dialog or the wrong-network banner.
const SILENT_MUTATIONS = new Set(['connect', 'reconnect', 'disconnect', 'switchChain', 'switchAccount'])

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error))

/** Toasts failed mutations (lib/toasts.ts loads react-toastify then). */
function toastMutationError(error: unknown): void {
  showToast('error', errorText(error))
}

/** When this page started: answers older than this came from an earlier page (the persisted cache). */
const PAGE_START = Date.now()

/**
 * Answers the boot fetched for the first screen (bootPrefetch.ts), by query hash: the first screen (all its
 * parts, while none has gone away) does not ask again (staleTime 0 would), if it mounts within FIRST_SHOW_MS of
 * the answer. A part may mount while the answer is still on its way, another after it came: both use it.
 * Later screens refetch as usual.
 */
const unshownAnswers = new Set<string>()
export const FIRST_SHOW_MS = 5_000

/** Runs `prefetch` for `queryKey`; its answer is kept for the query's first screen (see unshownAnswers). */
export async function prefetchForFirstScreen(
  queryClient: QueryClient,
  queryKey: QueryKey,
  prefetch: () => Promise<void>,
): Promise<void> {
  await prefetch()
  const query = queryClient.getQueryCache().find({ queryKey, exact: true })
  if (query?.state.status === 'success') unshownAnswers.add(query.queryHash)
}

const keptForFirstScreen = ({ queryHash, state }: Query): boolean =>
  unshownAnswers.has(queryHash) && !state.isInvalidated && Date.now() - state.dataUpdatedAt < FIRST_SHOW_MS

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: QUERY_CACHE_MAX_AGE_MS,
        retry: 0,
        networkMode: 'offlineFirst',
        refetchOnMount: (query) => !keptForFirstScreen(query),
      },
      mutations: { networkMode: 'offlineFirst' },
    },
    mutationCache: new MutationCache({
      onError(error, _variables, _context, mutation) {
        const key = mutation.options.mutationKey?.[0]
        if (mutation.meta?.errorToast === false) return
        if (typeof key === 'string' && SILENT_MUTATIONS.has(key)) return
        toastMutationError(error)
      },
    }),
  })
  // The first screen mounts in parts (the shell, then its lazily loaded page): every part finds the kept answer.
  // Once a component showing it goes away (the user navigated), it is an answer like any other.
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'observerRemoved') unshownAnswers.delete(event.query.queryHash)
  })
  return client
}

/**
 * Persists queries with data to localStorage for a day (bigints and Maps tagged, see persistFormat.ts). A query
 * whose refetch failed (gateway unreachable) keeps its data and is persisted too: the default (successful
 * queries only) dropped the chains and the open Safe's data from the cache during an outage, so a reload then
 * showed a full-page error instead of the saved data. The copy is written at most once a second, so a reload can
 * restore an answer older than the last one seen: restored queries are shown, then refetched (see
 * markRestoredQueriesStale).
 */
export function createPersistOptions(): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createSyncStoragePersister({
      storage: typeof window === 'undefined' ? undefined : window.localStorage,
      key: STORAGE_KEYS.queryCache,
      serialize,
      deserialize,
    }),
    maxAge: QUERY_CACHE_MAX_AGE_MS,
    buster: QUERY_CACHE_BUSTER,
    dehydrateOptions: {
      // gcTime 0 marks answers that must be asked again (nonces, verification), and meta.persist false data with
      // its own browser copy: never saved.
      shouldDehydrateQuery: (query) =>
        query.state.data !== undefined && query.gcTime !== 0 && query.meta?.persist !== false,
    },
  }
}

/**
 * After the persisted cache is restored: every restored query counts as stale, so each screen shows it and asks
 * again on mount, whatever its staleTime (the restored answer may predate the last one before the reload).
 * Nothing is refetched right now: requests already in flight (the boot's) are not cancelled, nor are answers
 * this page got already (`answeredBefore` on: the boot's, which may beat the restore). Queries never persisted
 * (meta.persist false) were not restored and keep their own staleness.
 */
export const markRestoredQueriesStale = (
  queryClient: QueryClient,
  answeredBefore: number = PAGE_START,
): Promise<void> =>
  queryClient.invalidateQueries({
    refetchType: 'none',
    predicate: (query) => query.meta?.persist !== false && query.state.dataUpdatedAt < answeredBefore,
  })
