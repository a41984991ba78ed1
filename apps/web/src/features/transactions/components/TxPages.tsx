import type {
  ChainInfo,
  TransactionListPage,
  TransactionSummary,
} from '@safe-global/safe-gateway-typescript-sdk'
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { EmptyState } from '../../../components/ui/EmptyState'
import { LoadMore } from '../../../components/ui/LoadMore'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { historyQueryOptions } from '../queries'
import { HistoryIndexing } from './HistoryIndexing'
import { TxList } from './TxList'

export type TxPagesProps = {
  chain: ChainInfo
  address: string
  txHref: (id: string) => string
  /** A transaction's note in its row. */
  renderNote?: ((transaction: TransactionSummary) => ReactNode) | undefined
}

/** Transactions → History: executed transactions by day, one gateway page at a time. */
export function TxHistory({ chain, address, txHref, renderNote }: TxPagesProps) {
  const query = useInfiniteQuery(historyQueryOptions(chain.chainId, address))
  return (
    <TxPages
      chain={chain}
      txHref={txHref}
      renderNote={renderNote}
      query={query}
      indexing={<HistoryIndexing chainId={chain.chainId} address={address} />}
    />
  )
}

// The queue has its own screen (features/queue), with the actions on each transaction.
type TxPagesViewProps = Omit<TxPagesProps, 'address'> & {
  query: UseInfiniteQueryResult<InfiniteData<TransactionListPage, unknown>>
  /** How far the gateway has read the history, while it still reads it. */
  indexing?: ReactNode
}

function TxPages({ chain, txHref, renderNote, query, indexing }: TxPagesViewProps) {
  return (
    <QueryBoundary
      query={query}
      errorTitle="Could not load the history"
      loading={{ lines: 5, label: 'Loading the history' }}
    >
      {(data) => {
        const items = data.pages.flatMap((page) => page.results)
        // Every indexed Safe has one item at least, its creation: an empty history is one not indexed yet.
        if (!items.some((item) => item.type === 'TRANSACTION'))
          return (
            <>
              {indexing}
              <EmptyState title="History not indexed yet">
                The gateway has not reached this Safe's history yet. Its owners, threshold and nonce are read
                from the chain meanwhile, and its transactions appear here as indexing reaches them.
              </EmptyState>
            </>
          )
        return (
          <div data-testid="tx-history">
            {indexing}
            <TxList chain={chain} items={items} txHref={txHref} renderNote={renderNote} />
            <LoadMore query={query} errorTitle="Could not load more transactions" testId="load-more" />
          </div>
        )
      }}
    </QueryBoundary>
  )
}
