import type { FormEvent, ReactNode } from 'react'
import type { TxDraft } from '../../types'
import { Field } from '../Field'
import type { SubmitMode, TxFormProps } from './formTypes'

/** Hands a built draft on: review it alone, or add it to the batch. */
export function deliverDraft(
  mode: SubmitMode,
  draft: TxDraft,
  { onReview, onAddToBatch }: Pick<TxFormProps, 'onReview' | 'onAddToBatch'>,
) {
  if (mode === 'review') onReview(draft)
  else onAddToBatch(draft)
}

/**
 * The frame every transaction form shares: Enter reviews, the form's fields, the error of the
 * whole form (if any), and the two ways out (review it alone, or add it to the batch).
 */
export function FormShell({
  testId,
  onSubmit,
  error,
  errorTestId,
  children,
}: {
  testId: string
  onSubmit: (mode: SubmitMode) => void
  error?: string | null | undefined
  errorTestId?: string | undefined
  children: ReactNode
}) {
  return (
    <form
      className="tx-form"
      noValidate
      data-testid={testId}
      onSubmit={(event: FormEvent) => {
        event.preventDefault()
        onSubmit('review')
      }}
    >
      {children}
      {error ? (
        <p className="error-text" role="alert" data-testid={errorTestId}>
          {error}
        </p>
      ) : null}
      <div className="tx-actions">
        <button type="submit" className="button primary" data-testid="tx-form-review">
          Review
        </button>
        <button
          type="button"
          className="button"
          onClick={() => onSubmit('batch')}
          data-testid="tx-form-add-to-batch"
        >
          Add to batch
        </button>
      </div>
    </form>
  )
}

/** A text field for one address. */
export function AddressInput({
  id,
  value,
  onChange,
  invalid,
  testId,
}: {
  id: string
  value: string
  onChange: (value: string) => void
  /** Sets aria-invalid; left out when undefined. */
  invalid?: boolean | undefined
  testId: string
}) {
  return (
    <input
      id={id}
      type="text"
      spellCheck={false}
      autoComplete="off"
      placeholder="0x…"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={invalid}
      data-testid={testId}
    />
  )
}

/** A labelled address field with its error below: the input's test id is `<testId>-input`. */
export function AddressField({
  id,
  label,
  value,
  onChange,
  error,
  testId,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error: string | null | undefined
  testId: string
}) {
  return (
    <Field id={id} label={label} error={error} testId={testId}>
      <AddressInput
        id={id}
        value={value}
        onChange={onChange}
        invalid={Boolean(error)}
        testId={`${testId}-input`}
      />
    </Field>
  )
}

type TokenItem = { tokenInfo: { address: string; symbol: string } }

/** The Safe's tokens as a select: "Loading balances…" or "No tokens" while there are none to pick. */
export function TokenSelect<T extends TokenItem>({
  id,
  items,
  value,
  onChange,
  fetching,
  testId,
  optionValue,
  optionLabel,
}: {
  id: string
  items: readonly T[]
  value: string
  onChange: (value: string) => void
  fetching: boolean
  testId: string
  /** The option's value, lower case (a token's address; the native coin's may differ from its tokenInfo). */
  optionValue: (item: T) => string
  optionLabel: (item: T) => string
}) {
  return (
    <select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={items.length === 0}
      data-testid={testId}
    >
      {items.length === 0 ? <option value="">{fetching ? 'Loading balances…' : 'No tokens'}</option> : null}
      {items.map((item) => (
        <option key={item.tokenInfo.address} value={optionValue(item)}>
          {optionLabel(item)}
        </option>
      ))}
    </select>
  )
}
