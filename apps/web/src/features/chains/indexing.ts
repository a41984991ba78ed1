import { queryOptions } from '@tanstack/react-query'
import { GatewayError, gatewayScope, getGatewayBaseUrl } from '../../lib/gateway'

/** GET /v1/chains/{chainId}/about/indexing (CGW's shape; Concord's figures are also what its /health shows). */
export type IndexingStatus = {
  currentBlockNumber: number
  erc20BlockNumber: number
  synced: boolean
  /** Milliseconds: the time of the newest indexed block. */
  lastSync: number
}

export async function fetchIndexingStatus(chainId: string): Promise<IndexingStatus> {
  const base = getGatewayBaseUrl()
  if (!base) throw new GatewayError('No gateway configured')
  const response = await fetch(`${base}/v1/chains/${encodeURIComponent(chainId)}/about/indexing`)
  if (!response.ok) throw new GatewayError(response.statusText || 'Request failed', { code: response.status })
  return (await response.json()) as IndexingStatus
}

export const indexingQueryOptions = (chainId: string) =>
  queryOptions({
    queryKey: [gatewayScope(), 'indexing', chainId] as const,
    queryFn: () => fetchIndexingStatus(chainId),
    refetchInterval: 15_000,
    retry: false,
  })

/** What a person reads: synced, or how far behind the index is. */
export function describeIndexing(status: IndexingStatus): string {
  if (status.synced) return 'Synced'
  const behind = status.currentBlockNumber - status.erc20BlockNumber
  return `Indexing: ${behind.toLocaleString('en-US')} blocks behind`
}
