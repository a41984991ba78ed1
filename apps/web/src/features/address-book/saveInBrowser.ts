import type { BookEntry } from '@concord/safe/addressBookCsv'
import {
  mergeEntries,
  readLocalBook,
  readPendingEntries,
  writeLocalBook,
  writePendingEntries,
} from './localBook'

/**
 * Saves an entry into this browser's copy of a Safe's address book and keeps it pending, as useAddressBook's
 * save does when the shared book is not in use: the next session of a signed-in owner stores it in the
 * gateway's book. For a book no screen has open yet, e.g. naming a Safe the moment it is created (the gateway
 * may not have indexed it, so its shared book cannot take the name yet).
 */
export function saveEntryInBrowser(
  chainId: string,
  safe: string,
  entry: BookEntry,
  storage: Storage = localStorage,
): void {
  writePendingEntries(
    chainId,
    safe,
    mergeEntries(readPendingEntries(chainId, safe, storage), [entry]),
    storage,
  )
  writeLocalBook(chainId, safe, mergeEntries(readLocalBook(chainId, safe, storage), [entry]), storage)
}
