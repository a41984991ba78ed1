import { type BookEntry, checkAddressBookCsv, type RowError } from '@concord/safe/addressBookCsv'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { useSignIn } from '../../components/ui/SignInContext'
import { formatGatewayError } from '../../lib/gateway'
import { addressBookKeys } from './api/keys'
import { deleteEntry, gatewayBookQueryOptions, importCsv, putEntry } from './api/requests'
import {
  mergeEntries,
  readLocalBook,
  readPendingEntries,
  writeLocalBook,
  writePendingEntries,
} from './localBook'

export type AddressBook = {
  entries: BookEntry[]
  /** Where the entries live: the gateway (shared with the owners) or this browser only. */
  source: 'shared' | 'local'
  /** Why the shared book is not used although signed in (e.g. not an owner, gateway down). */
  sharedError: string | null
  loading: boolean
  save(entry: BookEntry): Promise<void>
  remove(address: string): Promise<void>
  importCsv(text: string): Promise<{ imported: number; errors: RowError[] }>
}

/**
 * A Safe's address book: the gateway's shared copy for a signed-in owner (mirrored into this browser), else the
 * browser's own copy, which is also the fallback while the gateway cannot be reached.
 */
export function useAddressBook(chainId: string, safe: string): AddressBook {
  const signIn = useSignIn()
  const signedIn = signIn.status === 'authenticated' ? signIn.address : undefined
  const queryClient = useQueryClient()
  const [local, setLocal] = useState<BookEntry[]>(() => readLocalBook(chainId, safe))
  useEffect(() => setLocal(readLocalBook(chainId, safe)), [chainId, safe])
  const remote = useQuery({
    ...gatewayBookQueryOptions(chainId, safe, signedIn ?? ''),
    enabled: !!signedIn,
    retry: false,
  })
  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: addressBookKeys.book(chainId, safe, signedIn) }),
    [queryClient, chainId, safe, signedIn],
  )
  const [pending, setPending] = useState<BookEntry[]>(() => readPendingEntries(chainId, safe))
  useEffect(() => setPending(readPendingEntries(chainId, safe)), [chainId, safe])
  const addPending = useCallback(
    (added: readonly BookEntry[]) => {
      const next = mergeEntries(readPendingEntries(chainId, safe), added)
      writePendingEntries(chainId, safe, next)
      setPending(next)
    },
    [chainId, safe],
  )
  // The mirror shows the gateway's book and what this browser has not stored there yet.
  useEffect(() => {
    if (!remote.data) return
    writeLocalBook(chainId, safe, mergeEntries(remote.data, readPendingEntries(chainId, safe)))
    setLocal(readLocalBook(chainId, safe))
  }, [remote.data, chainId, safe])
  // Once the shared book answers, what was saved here before is stored in it (one at a time, each kept
  // pending until the gateway took it: a refusal leaves it for the next time).
  const uploading = useRef(false)
  useEffect(() => {
    if (!remote.data || !pending.length || uploading.current) return
    uploading.current = true
    void (async () => {
      try {
        for (const entry of pending) {
          await putEntry(chainId, safe, entry)
          const left = readPendingEntries(chainId, safe).filter(
            (e) => e.address.toLowerCase() !== entry.address.toLowerCase(),
          )
          writePendingEntries(chainId, safe, left)
          setPending(left)
        }
      } catch {
        // not stored (not an owner, gateway down): still pending, still shown
      } finally {
        uploading.current = false
        await refresh()
      }
    })()
  }, [remote.data, pending, chainId, safe, refresh])

  const shared = !!signedIn && !remote.isError
  const entries = useMemo(
    () =>
      shared && remote.data
        ? mergeEntries(
            remote.data.map(({ address, name }) => ({ address, name })),
            pending,
          )
        : local,
    [shared, remote.data, local, pending],
  )
  const setBoth = useCallback(
    (next: BookEntry[]) => {
      writeLocalBook(chainId, safe, next)
      setLocal(readLocalBook(chainId, safe))
    },
    [chainId, safe],
  )

  return {
    entries,
    source: shared ? 'shared' : 'local',
    sharedError: signedIn && remote.isError ? formatGatewayError(remote.error) : null,
    loading: shared && remote.isPending,
    async save(entry) {
      if (shared) {
        await putEntry(chainId, safe, entry)
        await refresh()
      } else {
        setBoth(mergeEntries(local, [entry]))
        addPending([entry])
      }
    },
    async remove(address) {
      if (shared) {
        await deleteEntry(chainId, safe, address)
        await refresh()
      } else {
        const other = (e: BookEntry) => e.address.toLowerCase() !== address.toLowerCase()
        setBoth(local.filter(other))
        const left = readPendingEntries(chainId, safe).filter(other)
        writePendingEntries(chainId, safe, left)
        setPending(left)
      }
    },
    async importCsv(text) {
      const parsed = checkAddressBookCsv(text, chainId)
      if ('error' in parsed) throw new Error(parsed.error)
      if (shared) {
        if (!parsed.entries.length) return { imported: 0, errors: parsed.errors }
        const result = await importCsv(chainId, safe, text)
        await refresh()
        return result
      }
      setBoth(mergeEntries(local, parsed.entries))
      addPending(parsed.entries)
      return { imported: parsed.entries.length, errors: parsed.errors }
    },
  }
}
