import { useId } from 'react'
import type { NonceCheck } from '../../builders/nonce'
import { Field } from '../Field'

export type NonceFieldProps = {
  value: string
  onChange: (value: string) => void
  currentNonce: number
  recommendedNonce: number
  queuedNonces: readonly number[]
  check: NonceCheck
}

/** The nonce, editable: the recommended one by default, with warnings for gaps and duplicates. */
export function NonceField({
  value,
  onChange,
  currentNonce,
  recommendedNonce,
  queuedNonces,
  check,
}: NonceFieldProps) {
  const id = useId()
  return (
    <div className="card" data-testid="review-nonce">
      <h2>Nonce</h2>
      <Field
        id={id}
        label="Safe nonce"
        error={check.error}
        testId="nonce-field"
        hint={`Recommended: ${recommendedNonce} (the Safe is at ${currentNonce}${
          queuedNonces.length > 0 ? `; queued: ${queuedNonces.join(', ')}` : ''
        })`}
      >
        <input
          id={id}
          type="text"
          inputMode="numeric"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={check.error !== null}
          data-testid="nonce-input"
        />
      </Field>
      {check.warnings.map((warning) => (
        <p key={warning} className="tx-warning small" data-testid="nonce-warning">
          {warning}
        </p>
      ))}
    </div>
  )
}
