import type { ReactNode } from 'react'

export type EmptyStateProps = { title: string; children?: ReactNode }

/** A section that loaded fine but has nothing to show. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className="state empty-state" data-testid="empty-state">
      <p className="state-title">{title}</p>
      {children ? <div className="muted small">{children}</div> : null}
    </div>
  )
}
