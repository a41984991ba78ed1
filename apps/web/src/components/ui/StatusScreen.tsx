import { type ReactNode, useEffect, useState } from 'react'

export type StatusScreenProps = {
  tone: 'loading' | 'error'
  title: string
  /** Error text or detail line. */
  message?: string | undefined
  onRetry?: (() => void) | undefined
  retrying?: boolean | undefined
  children?: ReactNode
}

/**
 * How old the page must be before a loading screen shows: a start that is that quick shows none, instead of
 * a card flashing by (and the main thread, busy starting the app, lays out and paints no screen it then drops).
 */
export const LOADING_SCREEN_DELAY_MS = 400

/** Whether the page is at least `ms` old (performance.now() counts from the navigation); re-renders when it is. */
function usePageAge(ms: number): boolean {
  const [old, setOld] = useState(() => performance.now() >= ms)
  useEffect(() => {
    if (old) return
    const timer = setTimeout(() => setOld(true), ms - performance.now())
    return () => clearTimeout(timer)
  }, [old, ms])
  return old
}

/** Full-page loading or error state, used before the app shell can render. */
export function StatusScreen({ tone, title, message, onRetry, retrying, children }: StatusScreenProps) {
  const shown = usePageAge(LOADING_SCREEN_DELAY_MS) || tone !== 'loading'
  if (!shown) return <main className="status-screen" aria-busy="true" />
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
