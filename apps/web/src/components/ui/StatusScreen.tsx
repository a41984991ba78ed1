import type { ReactNode } from 'react'

export type StatusScreenProps = {
  tone: 'loading' | 'error'
  title: string
  /** Error text or detail line. */
  message?: string | undefined
  onRetry?: (() => void) | undefined
  retrying?: boolean | undefined
  children?: ReactNode
}

/** Full-page loading or error state, used before the app shell can render. */
export function StatusScreen({ tone, title, message, onRetry, retrying, children }: StatusScreenProps) {
  return (
    <main className="status-screen" aria-busy={tone === 'loading'}>
      <div className="card status-card" role={tone === 'error' ? 'alert' : 'status'}>
        {tone === 'loading' ? <div className="spinner" aria-hidden="true" /> : null}
        <h1>{title}</h1>
        {message ? (
          <p
            className={tone === 'error' ? 'error-text' : 'muted'}
            data-testid={tone === 'error' ? 'error-message' : undefined}
          >
            {message}
          </p>
        ) : null}
        {onRetry ? (
          <button type="button" className="button primary" onClick={onRetry} disabled={retrying}>
            {retrying ? 'Retrying…' : 'Retry'}
          </button>
        ) : null}
        {children}
      </div>
    </main>
  )
}
