import type {
  ChainInfo,
  TransactionListItem,
  TransactionSummary,
} from '@safe-global/safe-gateway-typescript-sdk'
import type { ReactNode } from 'react'
import { formatDateLabel } from '../../../lib/format'
import { TxRow } from './TxRow'

export type TxListProps = {
  chain: ChainInfo
  items: readonly TransactionListItem[]
  /** Link to a transaction's page. */
  txHref: (id: string) => string
  /** A transaction's note in its row (the app composes the notes feature in). */
  renderNote?: ((transaction: TransactionSummary) => ReactNode) | undefined
  /** A warning shown in a transaction's row, by transaction id. */
  flags?: ReadonlyMap<string, ReactNode> | undefined
}

/** Renders CGW list items as they come: day labels, queue labels, conflict headers and transactions. */
export function TxList({ chain, items, txHref, renderNote, flags }: TxListProps) {
  return (
    <ul className="tx-list">
      {items.map((item) => {
        switch (item.type) {
          case 'DATE_LABEL':
            return (
              <li key={`date-${item.timestamp}`} className="list-label" data-testid="date-label">
                {formatDateLabel(item.timestamp)}
              </li>
            )
          case 'LABEL':
            return (
              <li key={`label-${item.label}`} className="list-label" data-testid="queue-label">
                {item.label === 'Next' ? 'Next transaction' : 'Queued – executable after the next one'}
              </li>
            )
          case 'CONFLICT_HEADER':
            return (
              <li key={`conflict-${item.nonce}`} className="conflict-header" data-testid="conflict-header">
                Nonce {item.nonce}: these transactions conflict, only one of them can be executed
              </li>
            )
          case 'TRANSACTION':
            return (
              <TxRow
                key={item.transaction.id}
                chain={chain}
                transaction={item.transaction}
                href={txHref(item.transaction.id)}
                note={
                  flags?.has(item.transaction.id) ? (
                    <>
                      {flags.get(item.transaction.id)}
                      {renderNote?.(item.transaction)}
                    </>
                  ) : (
                    renderNote?.(item.transaction)
                  )
                }
              />
            )
          default:
            return null
        }
      })}
    </ul>
  )
}
