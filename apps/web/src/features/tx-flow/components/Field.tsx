import type { ReactNode } from 'react'

export type FieldProps = {
  id: string
  label: ReactNode
  /** Shown in red under the input, and announced. */
  error?: string | null | undefined
  hint?: ReactNode
  testId?: string
  children: ReactNode
}

/** A labelled form field with its error (or hint) below. The input inside uses `id`. */
export function Field({ id, label, error, hint, testId, children }: FieldProps) {
  return (
    <div className="tx-field" data-testid={testId}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <p className="error-text small" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </p>
      ) : hint ? (
        <p className="muted small">{hint}</p>
      ) : null}
    </div>
  )
}
