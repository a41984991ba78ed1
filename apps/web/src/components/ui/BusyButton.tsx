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
  disabled = false,
}: {
  busy: boolean
  busyLabel: string
  children: ReactNode
  error?: string | null | undefined
  testId: string
  /** Where the button shows its own error line (without `error`, the screen shows errors elsewhere). */
  errorTestId?: string
  primary?: boolean
  type?: 'button' | 'submit'
  onClick?: () => void
  /** Disabled for another reason than being busy. */
  disabled?: boolean
}) {
  return (
    <>
      <button
        type={type}
        className={primary ? 'button primary' : 'button'}
        onClick={onClick}
        disabled={busy || disabled}
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
