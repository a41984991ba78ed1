import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { ErrorState } from '../../../components/ui/ErrorState'
import { Skeleton } from '../../../components/ui/Skeleton'
import { formatGatewayError } from '../../../lib/gateway'
import { queueQueryOptions } from '../queries'

export type QueuedCountProps = { chainId: string; address: string; queueHref: string }

/** Home: how many transactions are queued (TRANSACTION items of the queue's first page). */
export function QueuedCount({ chainId, address, queueHref }: QueuedCountProps) {
  const query = useInfiniteQuery(queueQueryOptions(chainId, address))
  if (!query.data) {
    if (query.isError)
      return (
        <ErrorState
          title="Could not load the queue"
          message={formatGatewayError(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )
    return <Skeleton lines={1} label="Loading the queue" />
  }
  const first = query.data.pages[0]
  const count = first?.results.filter((item) => item.type === 'TRANSACTION').length ?? 0
  return (
    <p className="queued-count">
      <span className="fact-value" data-testid="queued-count">
        {count}
        {first?.next ? '+' : ''}
      </span>{' '}
      <span className="muted">{count === 1 && !first?.next ? 'transaction' : 'transactions'} queued</span>
      {count > 0 ? (
        <>
          {' · '}
          <Link to={queueHref}>Open the queue</Link>
        </>
      ) : null}
    </p>
  )
}
