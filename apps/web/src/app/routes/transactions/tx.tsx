import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '../../../components/ui/EmptyState'
import { TxNotes } from '../../../features/notes/components/TxNotes'
import { TxDetails } from '../../../features/transactions/components/TxDetails'
import { parseTransactionIdParam } from '../../../features/transactions/utils/transactionId'
import { RequireSafe } from '../RequireSafe'

/** `/transactions/tx?safe=<shortName>:<address>&id=<transaction id>` */
export function TransactionRoute() {
  const [searchParams] = useSearchParams()
  const id = parseTransactionIdParam(searchParams.get('id'))
  return (
    <section className="page">
      <RequireSafe>
        {(safe) => (
          <>
            <p className="small">
              <Link to={safe.href('/transactions/history')}>← Transactions</Link>
            </p>
            <h1>Transaction</h1>
            {id.status === 'ok' ? (
              <>
                <TxDetails
                  chain={safe.chain}
                  id={id.id}
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
                          {tx.txStatus === 'AWAITING_EXECUTION'
                            ? 'Execute from the queue'
                            : 'Open in the queue'}
                        </Link>
                      </p>
                    ) : null
                  }
                />
                <TxNotes chainId={safe.chain.chainId} safe={safe.address} txId={id.id} />
              </>
            ) : (
              <div className="card">
                {id.status === 'invalid' ? (
                  <EmptyState title="Invalid transaction id">
                    The link's transaction id is not one this app can open.
                  </EmptyState>
                ) : (
                  <EmptyState title="No transaction selected">The link names no transaction id.</EmptyState>
                )}
              </div>
            )}
          </>
        )}
      </RequireSafe>
    </section>
  )
}
