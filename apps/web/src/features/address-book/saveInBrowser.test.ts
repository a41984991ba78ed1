import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../../testing/memoryStorage'
import { readLocalBook, readPendingEntries, writeLocalBook } from './localBook'
import { saveEntryInBrowser } from './saveInBrowser'

const SAFE = '0xAaAAaAAAaaaAaaaAaaAAAaAaAaAAaaAAaAAAaaaa'
const BOB = '0x00000000000000000000000000000000000000b0'

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
