// Query keys and options of notifications. The live-updates layer invalidates through notificationKeys
// (e.g. notificationKeys.feeds() on any change of a followed Safe); until it does, the feed is polled.
import { queryOptions } from '@tanstack/react-query'
import { notificationKeys } from './keys'
import { fetchChainSummaries, fetchFeed, fetchPreferences } from './requests'

export const FEED_REFRESH_MS = 15_000

export const feedQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: notificationKeys.feed(uuid),
    queryFn: () => fetchFeed(uuid),
    refetchInterval: FEED_REFRESH_MS,
    // Not an error worth retrying: the gateway does not know the device (404).
    retry: (count, error) => (error as { code?: number }).code !== 404 && count < 2,
  })

export const preferencesQueryOptions = (chainId: string, safe: string) =>
  queryOptions({
    queryKey: notificationKeys.preferences(chainId, safe),
    queryFn: () => fetchPreferences(chainId, safe),
  })

export const chainSummariesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.chains(),
    queryFn: fetchChainSummaries,
    staleTime: Number.POSITIVE_INFINITY,
  })
