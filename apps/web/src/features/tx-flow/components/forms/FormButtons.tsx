import type { SubmitMode } from './formTypes'

/** The two ways out of a form: review it alone, or add it to the batch. */
export function FormButtons({ onSubmit }: { onSubmit: (mode: SubmitMode) => void }) {
  return (
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
  )
}
