import type { ComponentType } from 'react'
import { TxRowNote } from '../../../features/notes/components/TxRowNote'
import { RecoveryLabel } from '../../../features/recovery/components/RecoveryLabel'
import { SpendingLimitLabel } from '../../../features/spending-limits/components/SpendingLimitLabel'
import type { TxPagesProps } from '../../../features/transactions/components/TxPages'
import { RequireSafe } from '../RequireSafe'

/**
 * A transaction list of the open Safe (history or queue) in a card; its rows open the transaction page and show
 * the team's latest note (and, for a transfer within a spending limit, who made it; for a recovery, that it is one).
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
            renderNote={(tx) => (
              <>
                <SpendingLimitLabel chain={safe.chain} transaction={tx} />
                <RecoveryLabel transaction={tx} />
                <TxRowNote chainId={safe.chain.chainId} safe={safe.address} txId={tx.id} />
              </>
            )}
          />
        </div>
      )}
    </RequireSafe>
  )
}
