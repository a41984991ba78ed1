import { useState } from 'react'

export type ExportConcordDataProps = {
  /** Builds the file and starts its download; returns the bookmarks the file could not hold. */
  onExport: () => Promise<{ unexported: string[] }>
}

/** Downloads this browser's names, recent Safes and bookmarks as a Safe{Wallet} file (version 3.0). */
export function ExportConcordData({ onExport }: ExportConcordDataProps) {
  const [busy, setBusy] = useState(false)
  const [unexported, setUnexported] = useState<string[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const run = async () => {
    setBusy(true)
    setError(null)
    try {
      setUnexported((await onExport()).unexported)
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="form" data-testid="data-export-section">
      <button
        type="button"
        className="button"
        disabled={busy}
        onClick={() => void run()}
        data-testid="data-export"
      >
        {busy ? 'Preparing the file…' : 'Download safe-YYYY-MM-DD.json'}
      </button>
      {unexported?.length ? (
        <p className="muted small" data-testid="data-export-unexported">
          Not in the file (Safe{'{'}Wallet{'}'} pins apps of its catalog only): {unexported.join(', ')}
        </p>
      ) : null}
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}
