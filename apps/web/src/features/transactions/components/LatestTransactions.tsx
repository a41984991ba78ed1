import type { ChainInfo, TransactionListItem } from '@safe-global/safe-gateway-typescript-sdk'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { EmptyState } from '../../../components/ui/EmptyState'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { historyQueryOptions } from '../api/queries'
import { TxList } from './TxList'

export type LatestTransactionsProps = {
  chain: ChainInfo
  address: string
  txHref: (id: string) => string
  /** Link to the whole history. */
  historyHref: string
  limit?: number
}

/** The newest `limit` transactions of the history's first page (without its day labels). */
export const latestTransactions = (items: readonly TransactionListItem[], limit: number) =>
  items.filter((item) => item.type === 'TRANSACTION').slice(0, limit)

/** Home: the Safe's latest executed transactions, with a link to the history. */
export function LatestTransactions({
  chain,
  address,
  txHref,
  historyHref,
  limit = 5,
}: LatestTransactionsProps) {
  const query = useInfiniteQuery(historyQueryOptions(chain.chainId, address))
  return (
    <QueryBoundary
      query={query}
      errorTitle="Could not load the history"
      loading={{ lines: 3, label: 'Loading the latest transactions' }}
    >
      {(data) => {
        const items = latestTransactions(data.pages[0]?.results ?? [], limit)
        if (items.length === 0)
          return <EmptyState title="No transactions yet">Executed transactions will appear here.</EmptyState>
        return (
          <div data-testid="latest-transactions">
            <TxList chain={chain} items={items} txHref={txHref} />
            <p className="small">
              <Link to={historyHref} data-testid="home-history-link">
                View the history
              </Link>
            </p>
          </div>
        )
      }}
    </QueryBoundary>
  )
}
