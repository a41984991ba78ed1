import { queryOptions } from '@tanstack/react-query'
import { gatewayScope, getGatewayBaseUrl } from '../../lib/gateway'
import { gatewayFetch } from '../../lib/gatewayFetch'

export type TxNote = { id: number; transactionId: string; author: string; note: string; createdAt: string }

export const MAX_NOTE_LENGTH = 500

const segment = encodeURIComponent
const base = (chainId: string, safe: string) => `/v1/chains/${segment(chainId)}/safes/${segment(safe)}/notes`

export const notesKeys = {
  all: () => [gatewayScope(), 'notes'] as const,
  ofTx: (chainId: string, safe: string, txId: string, signedIn: string) =>
    [...notesKeys.all(), chainId, safe.toLowerCase(), txId, signedIn] as const,
}

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
