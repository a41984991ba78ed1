import type { ChainInfo, TransactionListPage } from '@safe-global/safe-gateway-typescript-sdk'
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query'
import { EmptyState } from '../../../components/ui/EmptyState'
import { LoadMore } from '../../../components/ui/LoadMore'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { historyQueryOptions, queueQueryOptions } from '../queries'
import { TxList } from './TxList'

export type TxPagesProps = {
  chain: ChainInfo
  address: string
  txHref: (id: string) => string
}

/** Transactions → History: executed transactions by day, one gateway page at a time. */
export function TxHistory({ chain, address, txHref }: TxPagesProps) {
  const query = useInfiniteQuery(historyQueryOptions(chain.chainId, address))
  return <TxPages chain={chain} txHref={txHref} query={query} kind="history" />
}

/** Transactions → Queue: transactions waiting for signatures or execution. */
export function TxQueue({ chain, address, txHref }: TxPagesProps) {
  const query = useInfiniteQuery(queueQueryOptions(chain.chainId, address))
  return <TxPages chain={chain} txHref={txHref} query={query} kind="queue" />
}

type TxPagesViewProps = Omit<TxPagesProps, 'address'> & {
  query: UseInfiniteQueryResult<InfiniteData<TransactionListPage, unknown>>
  kind: 'history' | 'queue'
}

function TxPages({ chain, txHref, query, kind }: TxPagesViewProps) {
  return (
    <QueryBoundary
      query={query}
      errorTitle={kind === 'history' ? 'Could not load the history' : 'Could not load the queue'}
      loading={{ lines: 5, label: kind === 'history' ? 'Loading the history' : 'Loading the queue' }}
    >
      {(data) => {
        const items = data.pages.flatMap((page) => page.results)
        if (!items.some((item) => item.type === 'TRANSACTION'))
          return kind === 'history' ? (
            <EmptyState title="No transactions yet">
              Executed transactions of this Safe will appear here.
            </EmptyState>
          ) : (
            <EmptyState title="No queued transactions">
              Transactions that need signatures or execution appear here.
            </EmptyState>
          )
        return (
          <div data-testid={kind === 'history' ? 'tx-history' : 'tx-queue'}>
            <TxList chain={chain} items={items} txHref={txHref} />
            <LoadMore query={query} errorTitle="Could not load more transactions" testId="load-more" />
          </div>
        )
      }}
    </QueryBoundary>
  )
}
