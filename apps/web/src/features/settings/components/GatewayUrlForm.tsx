import { type FormEvent, useId, useState } from 'react'
import { validateGatewayUrl } from '../../../config/runtimeConfig'
import { updateSettings, useSettings } from '../useSettings'

export type GatewayUrlFormProps = {
  /** config.json's gatewayUrl ('' means the page origin), shown as the default. */
  configuredUrl: string
  compact?: boolean
}

/** Edits the user's gateway URL override (stored in localStorage). */
export function GatewayUrlForm({ configuredUrl, compact }: GatewayUrlFormProps) {
  const { gatewayUrl } = useSettings()
  const [value, setValue] = useState(gatewayUrl ?? '')
  const [error, setError] = useState<string | null>(null)
  const inputId = useId()
  const defaultLabel = configuredUrl || `${window.location.origin} (this site)`

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const problem = validateGatewayUrl(value)
    setError(problem)
    if (problem) return
    updateSettings({ gatewayUrl: value.trim() || null })
  }

  const onReset = () => {
    setValue('')
    setError(null)
    updateSettings({ gatewayUrl: null })
  }

  return (
    <form className={compact ? 'form compact' : 'form'} onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId}>Gateway URL</label>
      <div className="form-row">
        <input
          id={inputId}
          type="url"
          inputMode="url"
          placeholder={defaultLabel}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={`${inputId}-hint`}
          data-testid="gateway-url-input"
        />
        <button type="submit" className="button primary">
          Save
        </button>
        {gatewayUrl ? (
          <button type="button" className="button" onClick={onReset}>
            Use default
          </button>
        ) : null}
      </div>
      <p id={`${inputId}-hint`} className={error ? 'error-text' : 'muted small'}>
        {error ?? `Leave empty to use the default from config.json: ${defaultLabel}`}
      </p>
    </form>
  )
}
