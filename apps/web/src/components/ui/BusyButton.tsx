import type { ReactNode } from 'react'

/**
 * A button that says what it is doing while busy (and cannot be pressed twice), with the error of its last
 * attempt below it, announced to screen readers.
 */
export function BusyButton({
  busy,
  busyLabel,
  children,
  error,
  testId,
  errorTestId,
  primary = false,
  type = 'button',
  onClick,
}: {
  busy: boolean
  busyLabel: string
  children: ReactNode
  error?: string | null | undefined
  testId: string
  errorTestId: string
  primary?: boolean
  type?: 'button' | 'submit'
  onClick?: () => void
}) {
  return (
    <>
      <button
        type={type}
        className={primary ? 'button primary' : 'button'}
        onClick={onClick}
        disabled={busy}
        data-testid={testId}
      >
        {busy ? busyLabel : children}
      </button>
      {error ? (
        <p className="error-text" role="alert" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
    </>
  )
}
