import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import type { QueryClient } from '@tanstack/react-query'
import { balancesQueryOptions } from '../features/assets/queries'
import { safeInfoQueryOptions } from '../features/safe/queries'
import { historyQueryOptions, queueQueryOptions } from '../features/transactions/queries'
import { prefetchForFirstScreen } from '../lib/queryClient'
import { parseSafeAddress, SAFE_PARAM } from '../lib/safeLink'

// A deep link to a Safe must not wait for the code before asking the gateway: as soon as the chains are known,
// the queries the first screen will run start here (same options, so the screens find them in flight or done),
// while the wallet and screen code still downloads. Their answers are not asked again when the screen mounts.

export type BootLocation = Pick<Location, 'pathname' | 'search'>

/** Starts the first screen's gateway calls for the Safe in the URL, if any; returns whether it did. */
export function prefetchOpenSafe(
  queryClient: QueryClient,
  chains: readonly ChainInfo[],
  location: BootLocation,
  settings: { currency: string; hideSpam: boolean },
): boolean {
  const raw = new URLSearchParams(location.search).get(SAFE_PARAM)
  if (!raw) return false
  const parsed = parseSafeAddress(raw, chains)
  if (!parsed.ok) return false
  const { chainId } = parsed.chain
  // Every Safe screen shows the Safe's card (its info); Home also its balance, queue and latest transactions.
  const info = safeInfoQueryOptions(chainId, parsed.address)
  void prefetchForFirstScreen(queryClient, info.queryKey, () => queryClient.prefetchQuery(info))
  if (location.pathname === '/') {
    const balances = balancesQueryOptions(chainId, parsed.address, settings.currency, settings.hideSpam)
    void prefetchForFirstScreen(queryClient, balances.queryKey, () => queryClient.prefetchQuery(balances))
    const queue = queueQueryOptions(chainId, parsed.address)
    void prefetchForFirstScreen(queryClient, queue.queryKey, () => queryClient.prefetchInfiniteQuery(queue))
    const history = historyQueryOptions(chainId, parsed.address)
    void prefetchForFirstScreen(queryClient, history.queryKey, () =>
      queryClient.prefetchInfiniteQuery(history),
    )
  }
  return true
}
