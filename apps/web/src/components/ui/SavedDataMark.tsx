import { formatSavedAt } from '../../lib/format'

/** Marks a view that shows saved data because the gateway could not be asked again. */
export function SavedDataMark({ at }: { at: number }) {
  return (
    <p className="saved-data-mark" data-testid="saved-data-mark" title={new Date(at).toLocaleString()}>
      Saved data from {formatSavedAt(at)}
    </p>
  )
}
