import { useId, useState } from 'react'
import { type ImportPlan, planChangesSomething } from '../plan'
import { MAX_FILE_BYTES, type ParseResult, parseSafeWalletFile } from '../safeWalletFile'
import { ImportPreview } from './ImportPreview'

export type ImportSafeWalletFileProps = {
  /** What importing `data` would do now (reads the current books, recent Safes and bookmarks). */
  plan: (data: Extract<ParseResult, { ok: true }>['data'], overwrite: boolean) => ImportPlan
  /** Writes the plan. */
  apply: (plan: ImportPlan) => void
  /** False while the gateway's app lists load (pinned apps are matched against them). */
  ready: boolean
}

type Loaded = { fileName: string; result: ParseResult }

/** Picks a Safe{Wallet} export file, previews what it brings, and imports it all on confirmation, or nothing. */
export function ImportSafeWalletFile({ plan, apply, ready }: ImportSafeWalletFileProps) {
  const id = useId()
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [overwrite, setOverwrite] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const [inputKey, setInputKey] = useState(0)

  const choose = async (file: File | undefined) => {
    setDone(null)
    if (!file) return setLoaded(null)
    // Bounded before reading: a huge file is refused without loading it.
    const result: ParseResult =
      file.size > MAX_FILE_BYTES
        ? { ok: false, errors: [`The file is too large (at most ${MAX_FILE_BYTES / 1024 / 1024} MB)`] }
        : parseSafeWalletFile(await file.text())
    setLoaded({ fileName: file.name, result })
  }
  const data = loaded?.result.ok ? loaded.result.data : undefined
  // Worked out on each render: it reads the stores as they are now, so what is confirmed is what is shown.
  const preview = data && ready ? plan(data, overwrite) : undefined

  const confirm = () => {
    if (!preview) return
    apply(preview)
    const { books, recent, bookmarks } = preview.writes
    setDone(
      `Imported ${loaded?.fileName}: names written to ${books.length} address book${books.length === 1 ? '' : 's'}, ${recent.length} Safe${recent.length === 1 ? '' : 's'} added to the recent Safes, ${bookmarks.length} app${bookmarks.length === 1 ? '' : 's'} bookmarked.`,
    )
    setLoaded(null)
    setInputKey((k) => k + 1)
  }
  const cancel = () => {
    setLoaded(null)
    setInputKey((k) => k + 1)
  }

  return (
    <div className="form" data-testid="data-import">
      <label htmlFor={`${id}-file`}>
        Safe{'{'}Wallet{'}'} export file
      </label>
      <input
        key={inputKey}
        id={`${id}-file`}
        type="file"
        accept=".json,application/json"
        data-testid="data-import-file"
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {done ? (
        <p className="small" role="status" data-testid="data-import-done">
          {done}
        </p>
      ) : null}
      {loaded && !loaded.result.ok ? (
        <div role="alert" data-testid="data-import-errors">
          <p className="error-text">
            {loaded.fileName} was not imported: nothing was changed.{' '}
            {loaded.result.errors.length > 1 ? `${loaded.result.errors.length} problems:` : ''}
          </p>
          <ul className="list">
            {loaded.result.errors.map((error) => (
              <li key={error} className="row error-text small" data-testid="data-import-error">
                {error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {data && !preview ? <p className="muted small">Reading the gateway's app lists…</p> : null}
      {preview ? (
        <>
          <h3>What {loaded?.fileName} brings</h3>
          <ImportPreview plan={preview} />
          {/* Offered only when a name differs from one already saved: the default keeps the saved one. */}
          {preview.chains.some((c) => c.names.some((n) => n.existing !== undefined)) || overwrite ? (
            <label className="toggle">
              <input
                type="checkbox"
                checked={overwrite}
                onChange={(e) => setOverwrite(e.target.checked)}
                data-testid="data-import-overwrite"
              />
              Replace names already saved for the same address (otherwise they are kept)
            </label>
          ) : null}
          <div className="form-row">
            <button
              type="button"
              className="button primary"
              disabled={!planChangesSomething(preview)}
              onClick={confirm}
              data-testid="data-import-confirm"
            >
              {planChangesSomething(preview) ? 'Confirm and save' : 'Nothing new to save'}
            </button>
            <button type="button" className="button" onClick={cancel} data-testid="data-import-cancel">
              Cancel
            </button>
          </div>
        </>
      ) : null}
    </div>
  )
}
