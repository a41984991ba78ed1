import { Link } from 'react-router'
import { TxNotes } from '../../../features/notes/components/TxNotes'
import { TxDetails } from '../../../features/transactions/components/TxDetails'
import { TransactionIdPage } from './TransactionIdPage'

/** `/transactions/tx?safe=<shortName>:<address>&id=<transaction id>` */
export function TransactionRoute() {
  return (
    <TransactionIdPage title="Transaction" back={{ path: '/transactions/history', label: '← Transactions' }}>
      {(safe, id) => (
        <>
          <TxDetails
            chain={safe.chain}
            id={id}
            renderActions={(tx) =>
              tx.txStatus === 'AWAITING_CONFIRMATIONS' || tx.txStatus === 'AWAITING_EXECUTION' ? (
                <p className="tx-actions" data-testid="tx-queued-actions">
                  {tx.txStatus === 'AWAITING_CONFIRMATIONS' ? (
                    <Link
                      className="button primary small-button"
                      to={safe.href('/transactions/sign', { id: tx.txId })}
                      data-testid="tx-confirm-link"
                    >
                      Review and confirm
                    </Link>
                  ) : null}
                  <Link
                    className="button small-button"
                    to={safe.href('/transactions/queue')}
                    data-testid="tx-queue-link"
                  >
                    {tx.txStatus === 'AWAITING_EXECUTION' ? 'Execute from the queue' : 'Open in the queue'}
                  </Link>
                </p>
              ) : null
            }
          />
          <TxNotes chainId={safe.chain.chainId} safe={safe.address} txId={id} />
        </>
      )}
    </TransactionIdPage>
  )
}
