import { checkName, MAX_NAME_LENGTH } from '@concord/safe/addressBookCsv'
import { type FormEvent, useState } from 'react'
import { useAddressName } from '../../../components/ui/AddressNamesContext'
import { useAddressBook } from '../../../features/address-book/useAddressBook'
import { formatGatewayError } from '../../../lib/gateway'

export type SafeNameEditorProps = { chainId: string; address: string }

/**
 * A Safe's name, renamed in place. The name is an entry of the Safe's own address book: the shared book when
 * its owner is signed in, else (and as the fallback) the browser's copy, so every screen names the Safe alike.
 */
export function SafeNameEditor({ chainId, address }: SafeNameEditorProps) {
  const book = useAddressBook(chainId, address)
  const known = useAddressName(address, chainId)
  const own = book.entries.find((entry) => entry.address.toLowerCase() === address.toLowerCase())?.name
  const name = own ?? known
  const [editing, setEditing] = useState(false)
  const [draft, setDraft] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const start = () => {
    setDraft(name ?? '')
    setError(null)
    setEditing(true)
  }
  const save = async (event: FormEvent) => {
    event.preventDefault()
    const checked = checkName(draft)
    if ('error' in checked) return setError(checked.error)
    setBusy(true)
    setError(null)
    try {
      await book.save({ address, name: checked.name })
      setEditing(false)
    } catch (cause) {
      setError(formatGatewayError(cause))
    } finally {
      setBusy(false)
    }
  }

  if (!editing)
    return (
      <span className="safe-name-view">
        {name ? (
          <span className="safe-name" data-testid="safe-name">
            {name}
          </span>
        ) : (
          <span className="safe-name muted">Unnamed Safe</span>
        )}
        <button
          type="button"
          className="button small-button"
          onClick={start}
          aria-label={`Rename ${name ?? address}`}
          data-testid="safe-rename"
        >
          Rename
        </button>
      </span>
    )
  return (
    <form className="safe-name-form" onSubmit={save} noValidate>
      <input
        aria-label={`Name of ${address}`}
        value={draft}
        maxLength={MAX_NAME_LENGTH * 2}
        onChange={(event) => setDraft(event.target.value)}
        aria-invalid={error !== null}
        data-testid="safe-name-input"
        // biome-ignore lint/a11y/noAutofocus: the field appears on the user's own click to rename
        autoFocus
      />
      <button
        type="submit"
        className="button primary small-button"
        disabled={busy}
        data-testid="safe-name-save"
      >
        Save
      </button>
      <button type="button" className="button small-button" onClick={() => setEditing(false)}>
        Cancel
      </button>
      {error ? (
        <span className="error-text" role="alert" data-testid="safe-name-error">
          {error}
        </span>
      ) : null}
    </form>
  )
}
