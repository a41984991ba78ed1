import {
  type BookEntry,
  checkAddress,
  checkName,
  MAX_NAME_LENGTH,
  type RowError,
  toCsv,
} from '@concord/safe/addressBookCsv'
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { type FormEvent, useId, useState } from 'react'
import { AddressView } from '../../../components/ui/AddressView'
import { EmptyState } from '../../../components/ui/EmptyState'
import { SignInPrompt } from '../../../components/ui/SignInPrompt'
import { downloadText } from '../../../lib/download'
import { explorerAddressUrl } from '../../../lib/explorer'
import { formatGatewayError } from '../../../lib/gateway'
import { type AddressBook, useAddressBook } from '../useAddressBook'

/** A Safe's address book: list, add, rename, remove, CSV import and export. */
export function AddressBookPage({ chain, safe }: { chain: ChainInfo; safe: string }) {
  const book = useAddressBook(chain.chainId, safe)
  return (
    <section className="card" data-testid="address-book">
      <h2>Address book</h2>
      <SignInPrompt reason="Sign in to share this address book with the Safe's owners." />
      <p className="muted small" data-testid="address-book-source">
        {book.source === 'shared'
          ? 'Shared with the owners of this Safe (a copy stays in this browser).'
          : 'Saved in this browser only.'}
      </p>
      {book.sharedError ? (
        <p className="error-text" data-testid="address-book-shared-error">
          The shared address book is unavailable ({book.sharedError}); showing this browser's copy.
        </p>
      ) : null}
      {book.loading ? (
        <p className="muted">Loading…</p>
      ) : book.entries.length === 0 ? (
        <EmptyState title="No entries yet" />
      ) : (
        <ul className="list" data-testid="address-book-list">
          {book.entries.map((e) => (
            <EntryRow key={e.address} chain={chain} entry={e} book={book} />
          ))}
        </ul>
      )}
      <EntryForm book={book} />
      <ImportForm book={book} />
      <button
        className="button"
        type="button"
        data-testid="address-book-export"
        disabled={!book.entries.length}
        onClick={() =>
          downloadText(
            `address-book-${chain.chainId}-${safe}.csv`,
            toCsv(book.entries, chain.chainId),
            'text/csv',
          )
        }
      >
        Export CSV
      </button>
    </section>
  )
}

function EntryRow({ chain, entry, book }: { chain: ChainInfo; entry: BookEntry; book: AddressBook }) {
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(entry.name)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const run = async (action: () => Promise<void>) => {
    setBusy(true)
    setError(null)
    try {
      await action()
      return true
    } catch (e) {
      setError(formatGatewayError(e))
      return false
    } finally {
      setBusy(false)
    }
  }
  const rename = async (event: FormEvent) => {
    event.preventDefault()
    const checked = checkName(name)
    if ('error' in checked) return setError(checked.error)
    if (await run(() => book.save({ address: entry.address, name: checked.name }))) setEditing(false)
  }
  return (
    <li className="row" data-testid="address-book-row" data-address={entry.address}>
      {editing ? (
        <form onSubmit={rename}>
          <input
            aria-label="Name"
            data-testid="address-book-rename"
            value={name}
            maxLength={MAX_NAME_LENGTH * 2}
            onChange={(e) => setName(e.target.value)}
          />
          <button className="button small-button" type="submit" disabled={busy}>
            Save
          </button>
          <button className="button small-button" type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <AddressView
          address={entry.address}
          name={entry.name}
          explorerUrl={explorerAddressUrl(chain, entry.address)}
        />
      )}
      {editing ? null : (
        <>
          <button
            className="button small-button"
            type="button"
            data-testid="address-book-edit"
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          <button
            className="button small-button"
            type="button"
            data-testid="address-book-remove"
            disabled={busy}
            onClick={() => void run(() => book.remove(entry.address))}
          >
            Remove
          </button>
        </>
      )}
      {error ? <p className="error-text">{error}</p> : null}
    </li>
  )
}

function EntryForm({ book }: { book: AddressBook }) {
  const id = useId()
  const [address, setAddress] = useState('')
  const [name, setName] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const a = checkAddress(address)
    if ('error' in a) return setError(a.error)
    const n = checkName(name)
    if ('error' in n) return setError(n.error)
    setBusy(true)
    setError(null)
    try {
      await book.save({ address: a.address, name: n.name })
      setAddress('')
      setName('')
    } catch (e) {
      setError(formatGatewayError(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="form" onSubmit={submit} data-testid="address-book-add">
      <h3>Add an entry</h3>
      <label htmlFor={`${id}-address`}>Address</label>
      <input
        id={`${id}-address`}
        data-testid="address-book-add-address"
        value={address}
        placeholder="0x…"
        onChange={(e) => setAddress(e.target.value)}
      />
      <label htmlFor={`${id}-name`}>Name</label>
      <input
        id={`${id}-name`}
        data-testid="address-book-add-name"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <button className="button primary" type="submit" disabled={busy} data-testid="address-book-add-submit">
        Add
      </button>
      {error ? (
        <p className="error-text" data-testid="address-book-add-error">
          {error}
        </p>
      ) : null}
    </form>
  )
}

function ImportForm({ book }: { book: AddressBook }) {
  const id = useId()
  const [text, setText] = useState('')
  const [result, setResult] = useState<{ imported: number; errors: RowError[] } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    setResult(null)
    try {
      const done = await book.importCsv(text)
      setResult(done)
      if (!done.errors.length) setText('')
    } catch (e) {
      // A gateway 422 lists the bad rows too.
      const cause = (e as { cause?: { errors?: RowError[] } }).cause
      if (cause?.errors) setResult({ imported: 0, errors: cause.errors })
      setError(formatGatewayError(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <form className="form" onSubmit={submit} data-testid="address-book-import">
      <h3>Import CSV</h3>
      <p className="muted small">
        Columns <code>address,name,chainId</code>. Good rows are imported; bad rows are listed.
      </p>
      <input
        type="file"
        accept=".csv,text/csv"
        aria-label="CSV file"
        data-testid="address-book-import-file"
        onChange={async (e) => {
          const file = e.target.files?.[0]
          if (file) setText(await file.text())
        }}
      />
      <label htmlFor={`${id}-csv`}>Or paste it</label>
      <textarea
        id={`${id}-csv`}
        data-testid="address-book-import-text"
        rows={5}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button
        className="button primary"
        type="submit"
        disabled={busy || !text.trim()}
        data-testid="address-book-import-submit"
      >
        Import
      </button>
      {error ? (
        <p className="error-text" data-testid="address-book-import-error">
          {error}
        </p>
      ) : null}
      {result ? (
        <div data-testid="address-book-import-result">
          <p>
            {result.imported} {result.imported === 1 ? 'entry' : 'entries'} imported
            {result.errors.length
              ? `, ${result.errors.length} bad ${result.errors.length === 1 ? 'row' : 'rows'}:`
              : '.'}
          </p>
          <ul>
            {result.errors.map((r) => (
              <li key={r.line} data-testid="address-book-import-bad-row" data-line={r.line}>
                Line {r.line}: {r.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </form>
  )
}
