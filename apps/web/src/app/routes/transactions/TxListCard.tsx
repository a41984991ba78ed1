import type { ComponentType } from 'react'
import type { TxPagesProps } from '../../../features/transactions/components/TxPages'
import { RequireSafe } from '../RequireSafe'

/** A transaction list of the open Safe (history or queue) in a card; its rows open the transaction page. */
export function TxListCard({ list: List }: { list: ComponentType<TxPagesProps> }) {
  return (
    <RequireSafe>
      {(safe) => (
        <div className="card">
          <List
            chain={safe.chain}
            address={safe.address}
            txHref={(id) => safe.href('/transactions/tx', { id })}
          />
        </div>
      )}
    </RequireSafe>
  )
}
