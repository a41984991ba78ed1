import { TxHistory } from '../../../features/transactions/components/TxPages'
import { RequireSafe } from '../RequireSafe'

export function HistoryRoute() {
  return (
    <RequireSafe>
      {(safe) => (
        <div className="card">
          <TxHistory
            chain={safe.chain}
            address={safe.address}
            txHref={(id) => safe.href('/transactions/tx', { id })}
          />
        </div>
      )}
    </RequireSafe>
  )
}
