// The open Safe's live updates, wired to the query cache: each change invalidates exactly what it affects.
import { type QueryFilters, useQueryClient } from '@tanstack/react-query'
import { useCallback, useMemo } from 'react'
import type { LiveChange } from '../features/live/liveChange'
import { useLiveUpdates } from '../features/live/useLiveUpdates'
import { allSafeQueries, queriesFor } from './liveQueryKeys'
import { useRuntime } from './RuntimeContext'
import type { CurrentSafe } from './useCurrentSafe'

export function useLiveQueryUpdates(current: CurrentSafe): void {
  const queryClient = useQueryClient()
  const { gatewayUrl } = useRuntime()
  const safe = useMemo(
    () =>
      current.status === 'ok' ? { chainId: current.chain.chainId, address: current.address } : undefined,
    [current],
  )
  const invalidate = useCallback(
    (filters: QueryFilters[]) => {
      for (const filter of filters) void queryClient.invalidateQueries(filter)
    },
    [queryClient],
  )
  useLiveUpdates({
    gatewayUrl,
    safe,
    refresh: (changes: LiveChange[]) => {
      if (!safe) return
      // One invalidation per distinct key, however many changes named it.
      const seen = new Set<string>()
      const filters = changes
        .flatMap((change) => queriesFor(change, safe))
        .filter((f) => {
          const id = f.queryKey ? JSON.stringify(f.queryKey) : undefined
          if (!id) return true
          if (seen.has(id)) return false
          seen.add(id)
          return true
        })
      invalidate(filters)
    },
    refreshAll: () => {
      if (safe) invalidate(allSafeQueries(safe))
    },
  })
}
