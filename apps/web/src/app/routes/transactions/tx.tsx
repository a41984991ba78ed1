import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '../../../components/ui/EmptyState'
import { TxDetails } from '../../../features/transactions/components/TxDetails'
import { RequireSafe } from '../RequireSafe'

/** `/transactions/tx?safe=<shortName>:<address>&id=<transaction id>` */
export function TransactionRoute() {
  const [searchParams] = useSearchParams()
  const id = searchParams.get('id')
  return (
    <section className="page">
      <RequireSafe>
        {(safe) => (
          <>
            <p className="small">
              <Link to={safe.href('/transactions/history')}>← Transactions</Link>
            </p>
            <h1>Transaction</h1>
            {id ? (
              <TxDetails chain={safe.chain} id={id} />
            ) : (
              <div className="card">
                <EmptyState title="No transaction selected">The link names no transaction id.</EmptyState>
              </div>
            )}
          </>
        )}
      </RequireSafe>
    </section>
  )
}
