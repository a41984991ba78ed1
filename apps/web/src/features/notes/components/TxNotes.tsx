import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { AddressView } from '../../../components/ui/AddressView'
import { useSignIn } from '../../../components/ui/SignInContext'
import { SignInPrompt } from '../../../components/ui/SignInPrompt'
import { formatGatewayError } from '../../../lib/gateway'
import { notesKeys } from '../api/keys'
import { addNote, MAX_NOTE_LENGTH, removeNote, txNotesQueryOptions } from '../api/requests'

/** The team's notes on one transaction: who wrote what; owners add theirs once signed in. */
export function TxNotes({ chainId, safe, txId }: { chainId: string; safe: string; txId: string }) {
  const signIn = useSignIn()
  const signedIn = signIn.status === 'authenticated' ? (signIn.address ?? '') : ''
  const queryClient = useQueryClient()
  const notes = useQuery({ ...txNotesQueryOptions(chainId, safe, txId, signedIn), enabled: !!signedIn })
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const refresh = () => queryClient.invalidateQueries({ queryKey: notesKeys.all() })

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await addNote(chainId, safe, txId, text)
      setText('')
      await refresh()
    } catch (e) {
      setError(formatGatewayError(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" data-testid="tx-notes">
      <h2>Notes</h2>
      <SignInPrompt reason="Owners of this Safe see and write notes once signed in." />
      {notes.isError ? <p className="error-text">{formatGatewayError(notes.error)}</p> : null}
      {notes.data?.length ? (
        <ul className="list">
          {notes.data.map((n) => (
            <li key={n.id} className="row" data-testid="tx-note">
              <AddressView address={n.author} short />
              <span className="muted small">{new Date(n.createdAt).toLocaleString()}</span>
              <p style={{ whiteSpace: 'pre-wrap' }} data-testid="tx-note-text">
                {n.note}
              </p>
              {signedIn && n.author.toLowerCase() === signedIn.toLowerCase() ? (
                <button
                  className="button"
                  type="button"
                  onClick={() =>
                    void removeNote(chainId, safe, n.id)
                      .then(refresh)
                      .catch((e) => setError(formatGatewayError(e)))
                  }
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : signedIn && notes.isSuccess ? (
        <p className="muted small">No notes yet.</p>
      ) : null}
      {signedIn ? (
        <form className="form" onSubmit={submit}>
          <textarea
            aria-label="Note"
            data-testid="tx-note-input"
            rows={3}
            maxLength={MAX_NOTE_LENGTH * 2}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <button
            className="button primary"
            type="submit"
            disabled={busy || !text.trim()}
            data-testid="tx-note-submit"
          >
            Add note
          </button>
          {error ? <p className="error-text">{error}</p> : null}
        </form>
      ) : null}
    </section>
  )
}
