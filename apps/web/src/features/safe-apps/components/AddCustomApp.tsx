import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { fetchManifest, normalizeAppUrl } from '../manifest'

/**
 * Adds an app by URL once its manifest.json is read and valid, and the user says they trust its origin. Concord's
 * gateway lets the page frame any https app (and http apps on loopback when it listens there) unless its
 * operator turned custom apps off.
 */
export function AddCustomApp({ existing, onAdd }: { existing: string[]; onAdd: (url: string) => void }) {
  const [url, setUrl] = useState('')
  const [accepted, setAccepted] = useState(false)
  const check = useMutation({
    meta: { errorToast: false },
    mutationFn: async (input: string) => {
      const normalized = normalizeAppUrl(input)
      if (!normalized) throw new Error('Enter an http(s) URL')
      if (existing.some((u) => normalizeAppUrl(u) === normalized))
        throw new Error('This app is already listed')
      const manifest = await fetchManifest(normalized)
      return { url: normalized, manifest }
    },
  })
  return (
    <form
      className="card stack"
      data-testid="add-custom-app"
      onSubmit={(e) => {
        e.preventDefault()
        if (check.data && accepted) {
          onAdd(check.data.url)
          setUrl('')
          setAccepted(false)
          check.reset()
        } else check.mutate(url)
      }}
    >
      <h2>Add a custom app</h2>
      <label className="field">
        <span>App URL</span>
        <input
          type="url"
          value={url}
          onChange={(e) => {
            setUrl(e.target.value)
            check.reset()
          }}
          placeholder="https://app.example"
          data-testid="custom-app-url"
        />
      </label>
      {check.error ? (
        <p className="error-text" role="alert" data-testid="custom-app-error">
          {check.error.message}
        </p>
      ) : null}
      {check.data ? (
        <div data-testid="custom-app-preview">
          <p>
            <strong>{check.data.manifest.name}</strong> — {check.data.manifest.description}
          </p>
          <label className="small">
            <input
              type="checkbox"
              checked={accepted}
              onChange={(e) => setAccepted(e.target.checked)}
              data-testid="custom-app-accept"
            />{' '}
            I trust <strong data-testid="custom-app-origin">{new URL(check.data.url).origin}</strong>: this
            app is not reviewed by the operator, and it may ask me to sign transactions and messages.
          </label>
        </div>
      ) : null}
      <div className="tx-actions">
        <button
          type="submit"
          className="button primary"
          disabled={!url || check.isPending || (check.data !== undefined && !accepted)}
          data-testid="custom-app-submit"
        >
          {check.isPending ? 'Reading manifest…' : check.data ? 'Add app' : 'Check app'}
        </button>
      </div>
    </form>
  )
}
