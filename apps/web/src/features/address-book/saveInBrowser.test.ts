import { describe, expect, it } from 'vitest'
import { readLocalBook, readPendingEntries, writeLocalBook } from './localBook'
import { saveEntryInBrowser } from './saveInBrowser'

const SAFE = '0xAaAAaAAAaaaAaaaAaaAAAaAaAaAAaaAAaAAAaaaa'
const BOB = '0x00000000000000000000000000000000000000b0'

/** A Storage in memory (the browser's localStorage API). */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => void items.set(k, v),
    removeItem: (k) => void items.delete(k),
    clear: () => items.clear(),
  }
}

describe('saveEntryInBrowser', () => {
  it('default: the entry joins the local book and waits as pending for the shared one', () => {
    const storage = memoryStorage()
    writeLocalBook('1', SAFE, [{ address: BOB, name: 'Bob' }], storage)
    saveEntryInBrowser('1', SAFE, { address: SAFE, name: 'Treasury' }, storage)
    expect(readLocalBook('1', SAFE, storage)).toEqual([
      { address: BOB, name: 'Bob' },
      { address: SAFE, name: 'Treasury' },
    ])
    expect(readPendingEntries('1', SAFE, storage)).toEqual([{ address: SAFE, name: 'Treasury' }])
    expect(readLocalBook('5', SAFE, storage)).toEqual([])
  })

  it('behavior: saving again renames (any case of the address), once in each list', () => {
    const storage = memoryStorage()
    saveEntryInBrowser('1', SAFE, { address: SAFE, name: 'Old' }, storage)
    saveEntryInBrowser('1', SAFE.toLowerCase(), { address: SAFE.toLowerCase(), name: 'New' }, storage)
    expect(readLocalBook('1', SAFE, storage).map((e) => e.name)).toEqual(['New'])
    expect(readPendingEntries('1', SAFE, storage).map((e) => e.name)).toEqual(['New'])
  })
})
