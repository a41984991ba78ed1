import { type QueryObserverResult, queryOptions, useQueries } from '@tanstack/react-query'
import { useCallback } from 'react'
import { gatewayScope } from '../../lib/gateway'
import { gatewayFetch } from '../../lib/gatewayFetch'

// Names a chain's configuration gives addresses (e.g. the devnet's demo Safes), served by the gateway to anyone.
// They are only defaults: every address book (the user's own names) is asked first.

/** lower-case address → name, per chain id. */
export type ChainNames = ReadonlyMap<string, ReadonlyMap<string, string>>

export const chainNamesQueryOptions = (chainId: string) =>
  queryOptions({
    queryKey: [gatewayScope(), 'chain-names', chainId] as const,
    queryFn: async () => {
      const page = await gatewayFetch<{ results: { address: string; name: string }[] }>(
        'GET',
        `/v1/chains/${encodeURIComponent(chainId)}/names`,
      )
      return new Map(page.results.map(({ address, name }) => [address.toLowerCase(), name]))
    },
    // The configuration changes only when the gateway restarts.
    staleTime: 10 * 60_000,
    // A gateway without the route (another Client Gateway) names nothing: no retries, no error shown.
    retry: false,
  })

const EMPTY: ReadonlyMap<string, string> = new Map()

export function useChainNames(chainIds: readonly string[]): ChainNames {
  const key = chainIds.join(',')
  // A stable combine: TanStack re-runs it (a new map, new names for every view) only when a result changed.
  const combine = useCallback(
    (results: QueryObserverResult<ReadonlyMap<string, string>>[]): ChainNames => {
      const ids = key ? key.split(',') : []
      return new Map(ids.map((id, i) => [id, results[i]?.data ?? EMPTY]))
    },
    [key],
  )
  return useQueries({ queries: chainIds.map(chainNamesQueryOptions), combine })
}

/** The chain's name for `address` on `chainId`, or on any chain when no chain is given. */
export function chainName(
  names: ChainNames,
  address: string,
  chainId: string | undefined,
): string | undefined {
  const lower = address.toLowerCase()
  if (chainId !== undefined) return names.get(chainId)?.get(lower)
  for (const byAddress of names.values()) {
    const name = byAddress.get(lower)
    if (name) return name
  }
  return undefined
}
