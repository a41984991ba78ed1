import { queryOptions } from '@tanstack/react-query'
import { getGatewayBaseUrl } from '../../../lib/gateway'
import { gatewayFetch } from '../../../lib/gatewayFetch'
import { notesKeys } from './keys'

export type TxNote = { id: number; transactionId: string; author: string; note: string; createdAt: string }

export const MAX_NOTE_LENGTH = 500

const segment = encodeURIComponent
const base = (chainId: string, safe: string) => `/v1/chains/${segment(chainId)}/safes/${segment(safe)}/notes`

export const txNotesQueryOptions = (chainId: string, safe: string, txId: string, signedIn: string) =>
  queryOptions({
    queryKey: notesKeys.ofTx(chainId, safe, txId, signedIn),
    queryFn: async () =>
      (
        await gatewayFetch<{ results: TxNote[] }>(
          'GET',
          `${base(chainId, safe)}?transactionId=${segment(txId)}`,
        )
      ).results,
    retry: false,
  })

/** All of a Safe's notes (newest first), by transaction id in any case (the API's ids differ only in case). */
export const safeNotesQueryOptions = (chainId: string, safe: string, signedIn: string) =>
  queryOptions({
    queryKey: notesKeys.ofSafe(chainId, safe, signedIn),
    queryFn: async () =>
      groupByTransaction((await gatewayFetch<{ results: TxNote[] }>('GET', base(chainId, safe))).results),
    retry: false,
  })

export function groupByTransaction(notes: readonly TxNote[]): ReadonlyMap<string, TxNote[]> {
  const byTx = new Map<string, TxNote[]>()
  for (const note of notes) {
    const id = note.transactionId.toLowerCase()
    const group = byTx.get(id)
    if (group) group.push(note)
    else byTx.set(id, [note])
  }
  return byTx
}

export const addNote = (chainId: string, safe: string, transactionId: string, note: string) =>
  gatewayFetch<TxNote>('POST', base(chainId, safe), { transactionId, note })

export const removeNote = (chainId: string, safe: string, id: number) =>
  gatewayFetch('DELETE', `${base(chainId, safe)}/${id}`)

/** The gateway's CSV of the Safe's history (with the team's notes for a signed-in owner). */
export const historyExportUrl = (chainId: string, safe: string): string | undefined => {
  const gateway = getGatewayBaseUrl()
  return gateway
    ? `${gateway}/v1/chains/${segment(chainId)}/safes/${segment(safe)}/transactions/export?format=csv`
    : undefined
}
