import type { TxDraft } from '../types'

export type BatchTrayProps = {
  drafts: readonly TxDraft[]
  onRemove: (index: number) => void
  onReview: () => void
  error: string | null
}

/** The actions collected for one MultiSendCallOnly transaction. */
export function BatchTray({ drafts, onRemove, onReview, error }: BatchTrayProps) {
  if (drafts.length === 0) return null
  return (
    <div className="card" data-testid="batch-tray">
      <h2>
        Batch <span className="badge muted">{drafts.length}</span>
      </h2>
      <p className="muted small">Sent as one transaction (MultiSendCallOnly): all actions run, or none.</p>
      <ol className="tx-batch-list">
        {drafts.map((draft, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the same action may be added twice
          <li key={index} data-testid="batch-item">
            {draft.summary}{' '}
            <button type="button" className="small-button" onClick={() => onRemove(index)}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      {error ? (
        <p className="error-text" role="alert" data-testid="batch-error">
          {error}
        </p>
      ) : null}
      <button type="button" className="button primary" onClick={onReview} data-testid="batch-review">
        Review batch
      </button>
    </div>
  )
}
