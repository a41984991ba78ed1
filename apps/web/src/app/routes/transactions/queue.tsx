import { TxQueue } from '../../../features/transactions/components/TxPages'
import { RequireSafe } from '../RequireSafe'

export function QueueRoute() {
  return (
    <RequireSafe>
      {(safe) => (
        <div className="card">
          <TxQueue
            chain={safe.chain}
            address={safe.address}
            txHref={(id) => safe.href('/transactions/tx', { id })}
          />
        </div>
      )}
    </RequireSafe>
  )
}
