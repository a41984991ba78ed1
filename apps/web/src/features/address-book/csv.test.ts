import { describe, expect, it } from 'vitest'
import { parseAddressBookCsv, toCsv } from './csv'

const ALICE = '0x00000000000000000000000000000000000A11cE'

describe('parseAddressBookCsv', () => {
  it('default: good rows become entries, bad rows are reported with their line', () => {
    const csv = `address,name,chainId\n${ALICE},"Alice, ops",5\n0x12,Bad,5\n${ALICE.toLowerCase()},Again,5\n`
    expect(parseAddressBookCsv(csv, '5')).toEqual({
      entries: [{ address: ALICE, name: 'Alice, ops' }],
      errors: [
        { line: 3, message: 'Invalid address 0x12' },
        { line: 4, message: `${ALICE} is already on line 2` },
      ],
    })
  })

  it('error: a missing header', () => {
    expect(parseAddressBookCsv(`${ALICE},A,5`, '5')).toEqual({
      error: 'The first line must be the header address,name,chainId',
    })
  })
})

describe('toCsv', () => {
  it('behavior: round-trips, quoting commas and defusing formulas', () => {
    const text = toCsv([{ address: ALICE, name: '=cmd, "x"' }], '5')
    expect(text).toBe(`address,name,chainId\n${ALICE},"'=cmd, ""x""",5\n`)
    expect(parseAddressBookCsv(text, '5')).toMatchObject({ entries: [{ name: `'=cmd, "x"` }], errors: [] })
  })
})
