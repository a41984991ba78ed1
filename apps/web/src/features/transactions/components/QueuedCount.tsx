import type { TransactionListPage } from '@safe-global/safe-gateway-typescript-sdk'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { queueQueryOptions } from '../api/queries'

export type QueuedCountProps = { chainId: string; address: string; queueHref: string }

/** Home: how many transactions are queued (TRANSACTION items of the queue's first page). */
export function QueuedCount({ chainId, address, queueHref }: QueuedCountProps) {
  const query = useInfiniteQuery(queueQueryOptions(chainId, address))
  return (
    <QueryBoundary
      query={query}
      errorTitle="Could not load the queue"
      loading={{ lines: 1, label: 'Loading the queue' }}
    >
      {(data) => <Count first={data.pages[0]} queueHref={queueHref} />}
    </QueryBoundary>
  )
}

function Count({ first, queueHref }: { first: TransactionListPage | undefined; queueHref: string }) {
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
