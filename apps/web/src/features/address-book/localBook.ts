import type { BookEntry } from '@concord/safe/addressBookCsv'

// The browser's copy of a Safe's address book: the whole book when not signed in, and a mirror of the
// gateway's (the offline fallback) when signed in.

const key = (chainId: string, safe: string) => `concord.addressBook.v1:${chainId}:${safe.toLowerCase()}`

const written = new Set<() => void>()
/** Calls `listener` after every write of a book in this tab (other tabs' writes come as `storage` events). */
export function onLocalBookWritten(listener: () => void): () => void {
  written.add(listener)
  return () => written.delete(listener)
}

export function readLocalBook(chainId: string, safe: string, storage: Storage = localStorage): BookEntry[] {
  try {
    const parsed = JSON.parse(storage.getItem(key(chainId, safe)) ?? '[]') as unknown
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
