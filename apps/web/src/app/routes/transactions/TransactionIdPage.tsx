import type { ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { EmptyState } from '../../../components/ui/EmptyState'
import { parseTransactionIdParam } from '../../../features/transactions/utils/transactionId'
import type { OpenSafe } from '../../useCurrentSafe'
import { RequireSafe } from '../RequireSafe'

/**
 * A screen about the one transaction the link's `?id=` names, in the open Safe: a back link, the title, then the
 * screen's content; a missing or malformed id gets a page that says which.
 */
export function TransactionIdPage({
  title,
  back,
  children,
}: {
  title: string
  back: { path: string; label: string }
  children: (safe: OpenSafe, id: string) => ReactNode
}) {
  const [params] = useSearchParams()
  const id = parseTransactionIdParam(params.get('id'))
  return (
    <section className="page">
      <RequireSafe>
        {(safe) => (
          <>
            <p className="small">
              <Link to={safe.href(back.path)}>{back.label}</Link>
            </p>
            <h1>{title}</h1>
            {id.status === 'ok' ? (
              children(safe, id.id)
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
