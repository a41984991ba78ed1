import type { BookEntry, RowError } from '@concord/safe/addressBookCsv'
import { queryOptions } from '@tanstack/react-query'
import { gatewayFetch } from '../../../lib/gatewayFetch'
import { addressBookKeys } from './keys'

export type GatewayEntry = BookEntry & { updatedBy: string; updatedAt: string }

const segment = encodeURIComponent
const base = (chainId: string, safe: string) =>
  `/v1/chains/${segment(chainId)}/safes/${segment(safe)}/address-book`

export async function fetchGatewayBook(chainId: string, safe: string): Promise<GatewayEntry[]> {
  const page = await gatewayFetch<{ results: GatewayEntry[] }>('GET', base(chainId, safe))
  return page.results
}

export const putEntry = (chainId: string, safe: string, entry: BookEntry) =>
  gatewayFetch<GatewayEntry>('PUT', `${base(chainId, safe)}/${segment(entry.address)}`, { name: entry.name })

export const deleteEntry = (chainId: string, safe: string, address: string) =>
  gatewayFetch('DELETE', `${base(chainId, safe)}/${segment(address)}`)

export const importCsv = (chainId: string, safe: string, csv: string) =>
  gatewayFetch<{ imported: number; errors: RowError[] }>('POST', `${base(chainId, safe)}/import`, { csv })

export const gatewayBookQueryOptions = (chainId: string, safe: string, signedIn: string) =>
  queryOptions({
    queryKey: addressBookKeys.book(chainId, safe, signedIn),
    queryFn: () => fetchGatewayBook(chainId, safe),
    staleTime: 30_000,
    // The book's browser copy is its offline fallback (localBook.ts); a second, older copy could overwrite it.
    meta: { persist: false },
  })
