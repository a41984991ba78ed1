import { useSyncExternalStore } from 'react'
import { onLocalBookWritten, readLocalBook } from './localBook'

// Every address book this browser knows: the local copies (and mirrors of the shared books) of all the Safes it
// has opened, so a name given in any of them shows everywhere, e.g. a Safe named in another Safe's book.

const PREFIX = 'concord.addressBook.v1:'

/** Names by chain (`chainId` → lower-case address → name), and across chains (`any`). */
export type KnownNames = {
  byChain: ReadonlyMap<string, ReadonlyMap<string, string>>
  any: ReadonlyMap<string, string>
}

type Storage = Pick<globalThis.Storage, 'length' | 'key' | 'getItem'>

/** Reads all stored books. Where books disagree on a name, the first book in key order wins (stable). */
export function readKnownNames(storage: Storage | undefined): KnownNames {
  const byChain = new Map<string, Map<string, string>>()
  const any = new Map<string, string>()
  if (!storage) return { byChain, any }
  const keys: string[] = []
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i)
    if (key?.startsWith(PREFIX)) keys.push(key)
  }
  for (const key of keys.sort()) {
    const [chainId, safe] = key.slice(PREFIX.length).split(':')
    if (!chainId || !safe) continue
    const names = byChain.get(chainId) ?? new Map<string, string>()
    byChain.set(chainId, names)
    for (const { address, name } of readLocalBook(chainId, safe, storage as globalThis.Storage)) {
      const lower = address.toLowerCase()
      if (!names.has(lower)) names.set(lower, name)
      if (!any.has(lower)) any.set(lower, name)
    }
  }
  return { byChain, any }
}

/** A name for `address` on `chainId`: a book of that chain first, then a book of any chain. */
export const knownName = (known: KnownNames, address: string, chainId: string | undefined) => {
  const lower = address.toLowerCase()
  return (chainId === undefined ? undefined : known.byChain.get(chainId)?.get(lower)) ?? known.any.get(lower)
}

export function createKnownBooksStore(storage: Storage | undefined) {
  const listeners = new Set<() => void>()
  let snapshot = readKnownNames(storage)
  return {
    getSnapshot: (): KnownNames => snapshot,
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    /** Re-reads the books after a write (this tab's or, through the `storage` event, another's). */
    reload(): void {
      snapshot = readKnownNames(storage)
      for (const listener of listeners) listener()
    },
  }
}

export const knownBooksStore = createKnownBooksStore(
  typeof window === 'undefined' ? undefined : window.localStorage,
)

onLocalBookWritten(() => knownBooksStore.reload())

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key.startsWith(PREFIX)) knownBooksStore.reload()
  })
}

export const useKnownNames = (): KnownNames =>
  useSyncExternalStore(knownBooksStore.subscribe, knownBooksStore.getSnapshot)
