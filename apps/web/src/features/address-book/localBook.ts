import type { BookEntry } from '@concord/safe/addressBookCsv'

// The browser's copy of a Safe's address book: the whole book when not signed in, and a mirror of the
// gateway's (the offline fallback) when signed in. Entries saved while the shared book was not in use are also
// kept apart as pending, until an owner's session has stored them in the gateway's book: signing in never
// replaces them with the gateway's copy.

const key = (chainId: string, safe: string) => `concord.addressBook.v1:${chainId}:${safe.toLowerCase()}`
const pendingKey = (chainId: string, safe: string) =>
  `concord.addressBook.pending.v1:${chainId}:${safe.toLowerCase()}`

const written = new Set<() => void>()
/** Calls `listener` after every write of a book in this tab (other tabs' writes come as `storage` events). */
export function onLocalBookWritten(listener: () => void): () => void {
  written.add(listener)
  return () => written.delete(listener)
}

export function readLocalBook(chainId: string, safe: string, storage: Storage = localStorage): BookEntry[] {
  return readEntries(key(chainId, safe), storage)
}

/** Entries saved in this browser that the gateway's shared book does not hold yet. */
export function readPendingEntries(
  chainId: string,
  safe: string,
  storage: Storage = localStorage,
): BookEntry[] {
  return readEntries(pendingKey(chainId, safe), storage)
}

export function writePendingEntries(
  chainId: string,
  safe: string,
  entries: readonly BookEntry[],
  storage: Storage = localStorage,
): void {
  try {
    if (entries.length)
      storage.setItem(
        pendingKey(chainId, safe),
        JSON.stringify(entries.map(({ address, name }) => ({ address, name }))),
      )
    else storage.removeItem(pendingKey(chainId, safe))
  } catch {
    // storage full or disabled: the entries stay in the book itself
  }
}

function readEntries(storageKey: string, storage: Storage): BookEntry[] {
  try {
    const parsed = JSON.parse(storage.getItem(storageKey) ?? '[]') as unknown
    if (!Array.isArray(parsed)) return []
    return parsed.filter(
      (e): e is BookEntry =>
        typeof e === 'object' && e !== null && typeof e.address === 'string' && typeof e.name === 'string',
    )
  } catch {
    return []
  }
}

export function writeLocalBook(
  chainId: string,
  safe: string,
  entries: readonly BookEntry[],
  storage: Storage = localStorage,
): void {
  const sorted = [...entries].sort(
    (a, b) => a.name.localeCompare(b.name) || a.address.localeCompare(b.address),
  )
  try {
    storage.setItem(
      key(chainId, safe),
      JSON.stringify(sorted.map(({ address, name }) => ({ address, name }))),
    )
  } catch {
    // storage full or disabled: the gateway's copy still works
  }
  for (const listener of written) listener()
}

/** Adds or renames entries (by address, any case). */
export function mergeEntries(book: readonly BookEntry[], added: readonly BookEntry[]): BookEntry[] {
  const out = new Map(book.map((e) => [e.address.toLowerCase(), e]))
  for (const e of added) out.set(e.address.toLowerCase(), e)
  return [...out.values()].sort((a, b) => a.name.localeCompare(b.name) || a.address.localeCompare(b.address))
}
