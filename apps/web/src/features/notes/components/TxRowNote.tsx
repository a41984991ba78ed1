import { useQuery } from '@tanstack/react-query'
import { useAddressName } from '../../../components/ui/AddressNamesContext'
import { useSignIn } from '../../../components/ui/SignInContext'
import { shortAddress } from '../../../lib/format'
import { safeNotesQueryOptions, type TxNote } from '../api/requests'
import './notes.css'

/**
 * A queue or history row's note: the latest one and its author (by address-book name), with how many more.
 * All rows of a Safe share one request for all its notes; nothing shows when not signed in.
 */
export function TxRowNote({ chainId, safe, txId }: { chainId: string; safe: string; txId: string }) {
  const signIn = useSignIn()
  const signedIn = signIn.status === 'authenticated' ? (signIn.address ?? '') : ''
  const notes = useQuery({ ...safeNotesQueryOptions(chainId, safe, signedIn), enabled: !!signedIn })
  const ofTx = signedIn ? notes.data?.get(txId.toLowerCase()) : undefined
  if (!ofTx?.length) return null
  return <RowNote notes={ofTx} />
}

function RowNote({ notes }: { notes: readonly TxNote[] }) {
  const latest = notes.reduce((a, b) => (Date.parse(b.createdAt) > Date.parse(a.createdAt) ? b : a))
  const name = useAddressName(latest.author)
  const more = notes.length - 1
  return (
    <span className="tx-row-note small" data-testid="tx-row-note" title={latest.note}>
      <span className="muted">Note:</span>
      <span className="tx-row-note-text" data-testid="tx-row-note-text">
        {latest.note}
      </span>
      <span className="muted" data-testid="tx-row-note-author">
        — {name ?? shortAddress(latest.author)}
      </span>
      {more > 0 ? <span className="muted">(+{more} more)</span> : null}
    </span>
  )
}
