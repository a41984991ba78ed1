import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { EmptyState } from '../../components/ui/EmptyState'
import { ErrorState } from '../../components/ui/ErrorState'
import { type OpenSafe, useCurrentSafe } from '../useCurrentSafe'

/** Renders a Safe screen for the Safe in the URL, or says why there is none. */
export function RequireSafe({ children }: { children: (safe: OpenSafe) => ReactNode }) {
  const current = useCurrentSafe()
  if (current.status === 'ok') return children(current)
  return (
    <div className="card">
      {current.status === 'invalid' ? (
        <ErrorState
          title="This Safe link is not valid"
          message={`${current.error} (safe=${current.param})`}
        />
      ) : (
        <EmptyState title="No Safe selected">This screen shows a Safe's data.</EmptyState>
      )}
      <p>
        <Link to="/">Choose a Safe</Link>
      </p>
    </div>
  )
}
