export type ErrorStateProps = {
  title?: string
  /** Displayable error text. */
  message: string
  onRetry?: (() => void) | undefined
  retrying?: boolean | undefined
}

/** Inline error of one section, with a retry button. */
export function ErrorState({ title = 'Could not load this', message, onRetry, retrying }: ErrorStateProps) {
  return (
    <div className="state error-state" role="alert" data-testid="error-state">
      <p className="state-title">{title}</p>
      <p className="error-text" data-testid="error-state-message">
        {message}
      </p>
      {onRetry ? (
        <button
          type="button"
          className="button"
          onClick={onRetry}
          disabled={retrying}
          data-testid="retry-button"
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      ) : null}
    </div>
  )
}
