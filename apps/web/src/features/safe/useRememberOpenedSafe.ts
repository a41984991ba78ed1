import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { safeInfoQueryOptions } from './api/queries'
import { addRecentSafe } from './useRecentSafes'

/** Adds the open Safe to the recent list once the gateway has confirmed it exists. */
export function useRememberOpenedSafe(chainId: string | undefined, address: string | undefined): void {
  const query = useQuery({
    ...safeInfoQueryOptions(chainId ?? '', address ?? ''),
    enabled: Boolean(chainId && address),
  })
  const found = query.isSuccess
  useEffect(() => {
    if (found && chainId && address) addRecentSafe({ chainId, address })
  }, [found, chainId, address])
}
