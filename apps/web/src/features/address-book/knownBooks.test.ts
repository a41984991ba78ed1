import { describe, expect, it } from 'vitest'
import { memoryStorage } from '../../testing/memoryStorage'
import { createKnownBooksStore, knownName, readKnownNames } from './knownBooks'
import { writeLocalBook } from './localBook'

const SAFE_A = '0xAaAAaAAAaaaAaaaAaaAAAaAaAaAAaaAAaAAAaaaa'
const SAFE_B = '0xBbBbBBbbbBbBbBbBbBBBbBBbbbBbBbBBbbbbbBbB'
const BOB = '0x00000000000000000000000000000000000000b0'

describe('known address books', () => {
  it('default: names from every stored book, by chain and across chains', () => {
    const storage = memoryStorage()
    writeLocalBook('1', SAFE_A, [{ address: SAFE_B, name: 'Payroll Safe' }], storage)
    writeLocalBook('5', SAFE_B, [{ address: BOB, name: 'Bob' }], storage)
    storage.setItem('something.else', '[{"address":"0x1","name":"x"}]')
    const known = readKnownNames(storage)
    // A Safe named in another Safe's book, in any case of its address.
    expect(knownName(known, SAFE_B.toLowerCase(), '1')).toBe('Payroll Safe')
    expect(knownName(known, BOB, '5')).toBe('Bob')
    // A book of another chain is the fallback.
    expect(knownName(known, BOB, '1')).toBe('Bob')
    expect(knownName(known, SAFE_A, '1')).toBeUndefined()
  })

  it('behavior: a book of the address’s own chain wins over another chain’s', () => {
    const storage = memoryStorage()
    writeLocalBook('1', SAFE_A, [{ address: BOB, name: 'Bob on mainnet' }], storage)
    writeLocalBook('5', SAFE_A, [{ address: BOB, name: 'Bob on Goerli' }], storage)
    const known = readKnownNames(storage)
    expect(knownName(known, BOB, '5')).toBe('Bob on Goerli')
    expect(knownName(known, BOB, '1')).toBe('Bob on mainnet')
  })

  it('behavior: the store reloads on a write and tells its subscribers', () => {
    const storage = memoryStorage()
    const store = createKnownBooksStore(storage)
    let calls = 0
    store.subscribe(() => calls++)
    expect(knownName(store.getSnapshot(), BOB, '1')).toBeUndefined()
    writeLocalBook('1', SAFE_A, [{ address: BOB, name: 'Bob' }], storage)
    store.reload()
    expect(calls).toBe(1)
    expect(knownName(store.getSnapshot(), BOB, '1')).toBe('Bob')
  })
})
