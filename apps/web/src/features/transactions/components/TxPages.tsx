import type {
  ChainInfo,
  TransactionListItem,
  TransactionListPage,
  TransactionSummary,
} from '@safe-global/safe-gateway-typescript-sdk'
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query'
import { type ReactNode, useContext, useMemo, useState } from 'react'
import { KnownAddressesContext } from '../../../components/ui/AddressNamesContext'
import { EmptyState } from '../../../components/ui/EmptyState'
import { LoadMore } from '../../../components/ui/LoadMore'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { historyQueryOptions } from '../api/queries'
import { poisoningSuspects } from '../utils/poisoning'
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
            <HistoryList chain={chain} items={items} txHref={txHref} renderNote={renderNote} />
            <LoadMore query={query} errorTitle="Could not load more transactions" testId="load-more" />
          </div>
        )
      }}
    </QueryBoundary>
  )
}

/** Drops the day labels left with no transaction under them. */
function withoutEmptyDays(items: readonly TransactionListItem[]): TransactionListItem[] {
  return items.filter((item, index) => item.type !== 'DATE_LABEL' || items[index + 1]?.type === 'TRANSACTION')
}

/**
 * The history list with address-poisoning suspects (incoming zero-value or dust transfers from lookalikes of
 * known addresses) hidden behind a toggle, and flagged when shown.
 */
function HistoryList({
  chain,
  items,
  txHref,
  renderNote,
}: Omit<TxPagesProps, 'address'> & { items: readonly TransactionListItem[] }) {
  const known = useContext(KnownAddressesContext)
  const suspects = useMemo(() => poisoningSuspects(items, known), [items, known])
  const [showSuspects, setShowSuspects] = useState(false)
  const shown = useMemo(
    () =>
      showSuspects
        ? items
        : withoutEmptyDays(
            items.filter((item) => item.type !== 'TRANSACTION' || !suspects.has(item.transaction.id)),
          ),
    [items, suspects, showSuspects],
  )
  const flags = useMemo(
    () =>
      new Map(
        [...suspects].map(([id, imitated]) => [
          id,
          <span key="flag" className="badge warning" data-testid="poisoning-flag" title={imitated.address}>
            Possible address poisoning: the sender looks like {imitated.name} ({imitated.address}) but is
            another address
          </span>,
        ]),
      ),
    [suspects],
  )
  return (
    <>
      {suspects.size > 0 ? (
        <p className="banner warning small" data-testid="poisoning-banner">
          {suspects.size} incoming transfer{suspects.size === 1 ? '' : 's'} of nothing or dust from addresses
          that look like ones this Safe knows {showSuspects ? 'are flagged below' : 'are hidden'}: never copy
          an address from them.{' '}
          <button
            type="button"
            className="button small-button"
            aria-pressed={showSuspects}
            onClick={() => setShowSuspects(!showSuspects)}
            data-testid="poisoning-toggle"
          >
            {showSuspects ? 'Hide them' : 'Show them'}
          </button>
        </p>
      ) : null}
      <TxList chain={chain} items={shown} txHref={txHref} renderNote={renderNote} flags={flags} />
    </>
  )
}
