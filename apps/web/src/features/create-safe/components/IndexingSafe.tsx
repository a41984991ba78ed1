import { getSafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { Address } from 'viem'
import { gatewayCall, gatewayScope } from '../../../lib/gateway'

const POLL_MS = 1500

/**
 * Waits until the gateway has indexed a new Safe, then calls `onReady`. A gateway may answer getSafeInfo from
 * the chain before indexing; the Safe is indexed once its history has an item (its creation).
 */
export function IndexingSafe({
  chainId,
  address,
  onReady,
}: {
  chainId: string
  address: Address
  onReady: () => void
}) {
  const query = useQuery({
    queryKey: [gatewayScope(), 'create-safe', 'indexed', chainId, address],
    queryFn: () => gatewayCall(() => getSafeInfo(chainId, address)),
    retry: true,
    retryDelay: POLL_MS,
    refetchInterval: (q) => (q.state.data?.txHistoryTag ? false : POLL_MS),
    gcTime: 0,
  })
  const ready = !!query.data?.txHistoryTag
  useEffect(() => {
    if (ready) onReady()
  }, [ready, onReady])
  return (
    <p className="muted" role="status" data-testid="safe-indexing">
      {ready ? 'Opening the Safe…' : 'Safe created. Indexing… it opens as soon as the gateway has seen it.'}
    </p>
  )
}
