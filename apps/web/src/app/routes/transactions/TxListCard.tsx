import type { ComponentType } from 'react'
import { TxRowNote } from '../../../features/notes/components/TxRowNote'
import type { TxPagesProps } from '../../../features/transactions/components/TxPages'
import { RequireSafe } from '../RequireSafe'

/**
 * A transaction list of the open Safe (history or queue) in a card; its rows open the transaction page and show
 * the team's latest note.
 */
export function TxListCard({ list: List }: { list: ComponentType<TxPagesProps> }) {
  return (
    <RequireSafe>
      {(safe) => (
        <div className="card">
          <List
            chain={safe.chain}
            address={safe.address}
            txHref={(id) => safe.href('/transactions/tx', { id })}
            renderNote={(tx) => <TxRowNote chainId={safe.chain.chainId} safe={safe.address} txId={tx.id} />}
          />
        </div>
      )}
    </RequireSafe>
  )
}
