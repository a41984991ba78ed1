import { useQuery } from '@tanstack/react-query'
import { describeIndexing, indexingQueryOptions } from '../indexing'

/** Whether the gateway's index of the chain is within its reorg window of the chain's head. */
export function IndexingBadge({ chainId }: { chainId: string }) {
  const query = useQuery(indexingQueryOptions(chainId))
  if (!query.data) return <span className="muted">{query.isError ? 'Unknown' : '…'}</span>
  const { data } = query
  return (
    <span
      className={data.synced ? 'badge' : 'badge muted'}
      data-testid={`indexing-${chainId}`}
      title={`Block ${data.erc20BlockNumber} of ${data.currentBlockNumber}`}
    >
      {describeIndexing(data)}
    </span>
  )
}
