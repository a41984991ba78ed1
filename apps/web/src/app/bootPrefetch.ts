import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import type { QueryClient } from '@tanstack/react-query'
import { balancesQueryOptions } from '../features/assets/api/queries'
import { safeInfoQueryOptions } from '../features/safe/api/queries'
import { historyQueryOptions, queueQueryOptions } from '../features/transactions/api/queries'
import { prefetchForFirstScreen } from '../lib/queryClient'
import { parseSafeAddress, SAFE_PARAM } from '../lib/safeLink'

// A deep link to a Safe must not wait for the code before asking the gateway: as soon as the chains are known,
// the queries the first screen will run start here (same options, so the screens find them in flight or done),
// while the wallet and screen code still downloads. Their answers are not asked again when the screen mounts.

export type BootLocation = Pick<Location, 'pathname' | 'search'>

/**
 * Starts the first screen's gateway calls for the Safe in the URL, if any: settles when those the screen is laid
 * out around have (the Safe's info, balances and queue, each with its answer or its error in the cache; the
 * latest transactions fill in their card after), undefined when the URL names no Safe.
 */
export function prefetchOpenSafe(
  queryClient: QueryClient,
  chains: readonly ChainInfo[],
  location: BootLocation,
  settings: { currency: string; hideSpam: boolean },
): Promise<void> | undefined {
  const raw = new URLSearchParams(location.search).get(SAFE_PARAM)
  if (!raw) return undefined
  const parsed = parseSafeAddress(raw, chains)
  if (!parsed.ok) return undefined
  const { chainId } = parsed.chain
  // Every Safe screen shows the Safe's card (its info); Home also its balance, queue and latest transactions.
  const info = safeInfoQueryOptions(chainId, parsed.address)
  const started = [prefetchForFirstScreen(queryClient, info.queryKey, () => queryClient.prefetchQuery(info))]
  if (location.pathname === '/') {
    const balances = balancesQueryOptions(chainId, parsed.address, settings.currency, settings.hideSpam)
    const queue = queueQueryOptions(chainId, parsed.address)
    const history = historyQueryOptions(chainId, parsed.address)
    started.push(
      prefetchForFirstScreen(queryClient, balances.queryKey, () => queryClient.prefetchQuery(balances)),
      prefetchForFirstScreen(queryClient, queue.queryKey, () => queryClient.prefetchInfiniteQuery(queue)),
    )
    void prefetchForFirstScreen(queryClient, history.queryKey, () =>
      queryClient.prefetchInfiniteQuery(history),
    )
  }
  return Promise.all(started).then(() => undefined)
}
