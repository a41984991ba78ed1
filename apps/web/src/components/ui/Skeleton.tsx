export type SkeletonProps = {
  /** Number of placeholder lines. */
  lines?: number
  /** Accessible name of what is loading. */
  label?: string
  variant?: 'lines' | 'grid'
}

/** Grey shimmering placeholders shown while a query has no data yet. */
export function Skeleton({ lines = 3, label = 'Loading', variant = 'lines' }: SkeletonProps) {
  return (
    <div
      className={`skeleton ${variant}`}
      role="status"
      aria-busy="true"
      aria-label={label}
      data-testid="skeleton"
    >
      {Array.from({ length: lines }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <span key={index} className="skeleton-item" />
      ))}
    </div>
  )
}
