import { describe, expect, it } from 'vitest'
import {
  checkAddressBookCsv,
  checkRows,
  parseAddressBookCsv,
  parseCsvLines,
  toCsv,
} from './addressBookCsv.ts'

const ALICE = '0x00000000000000000000000000000000000A11cE'

describe('parseCsvLines', () => {
  it('default: quoted commas, doubled quotes, CRLF and blank lines', () => {
    expect(parseCsvLines('a,b\r\n"x, y","say ""hi"""\n\n"multi\nline",z\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['multi\nline', 'z'] },
    ])
  })
})

describe('parseAddressBookCsv', () => {
  it('default: header in any order and case, BOM ignored, lines as in the file', () => {
    const parsed = parseAddressBookCsv('\uFEFFName,ChainId,Address\nAlice,1,0xabc\n\nBob,1\n')
    expect(parsed).toEqual({
      rows: [{ address: '0xabc', name: 'Alice', chainId: '1' }],
      lines: [2],
      errors: [{ line: 4, message: 'Expected 3 fields, found 2' }],
    })
  })

  it('error: no header', () => {
    expect(parseAddressBookCsv('')).toEqual({ error: 'The file is empty' })
    expect(parseAddressBookCsv('0xabc,Alice,1')).toEqual({
      error: 'The first line must be the header address,name,chainId',
    })
  })
})

describe('checkRows', () => {
  it('behavior: control characters and over-long names are refused; numbers as chain ids', () => {
    const address = '0x00000000000000000000000000000000000a11ce'
    expect(
      checkRows(
        [
          { address, name: 'a\u0007b' },
          { address, name: 'é'.repeat(50), chainId: 5 },
          { address: '0x00000000000000000000000000000000000000b0', name: 'é'.repeat(51) },
        ],
        5,
      ),
    ).toEqual({
      entries: [{ address: '0x00000000000000000000000000000000000A11cE', name: 'é'.repeat(50) }],
      errors: [
        { line: 1, message: 'The name contains control characters' },
        { line: 3, message: 'Name too long (at most 50 characters)' },
      ],
    })
  })
})

describe('checkAddressBookCsv', () => {
  it('default: good rows become entries, bad rows are reported with their line', () => {
    const csv = `address,name,chainId\n${ALICE},"Alice, ops",5\n0x12,Bad,5\n${ALICE.toLowerCase()},Again,5\n`
    expect(checkAddressBookCsv(csv, '5')).toEqual({
      entries: [{ address: ALICE, name: 'Alice, ops' }],
      errors: [
        { line: 3, message: 'Invalid address 0x12' },
        { line: 4, message: `${ALICE} is already on line 2` },
      ],
    })
  })

  it('behavior: every kind of bad row, in line order, with the chain as a string or a number', () => {
    const csv = [
      'address,name,chainId',
      `${ALICE},Alice,1`,
      `${ALICE},Alice`,
      `${ALICE.toLowerCase().replace('0x0', '0x')},X,5`,
      `0x00000000000000000000000000000000000a11CE,X,5`,
      `0x00000000000000000000000000000000000000b0,,5`,
      `${ALICE}, Alice ,5`,
      '',
    ].join('\n')
    const expected = {
      entries: [{ address: ALICE, name: 'Alice' }],
      errors: [
        { line: 2, message: "Chain 1 is not this Safe's chain (5)" },
        { line: 3, message: 'Expected 3 fields, found 2' },
        { line: 4, message: 'Invalid address 0x0000000000000000000000000000000000a11ce' },
        { line: 5, message: 'Wrong checksum in address 0x00000000000000000000000000000000000a11CE' },
        { line: 6, message: 'A name is required' },
      ],
    }
    expect(checkAddressBookCsv(csv, '5')).toEqual(expected)
    expect(checkAddressBookCsv(csv, 5)).toEqual(expected)
  })

  it('error: a missing header, a file too large, too many rows', () => {
    expect(checkAddressBookCsv(`${ALICE},A,5`, '5')).toEqual({
      error: 'The first line must be the header address,name,chainId',
    })
    expect(checkAddressBookCsv('x'.repeat(256 * 1024 + 1), '5')).toEqual({ error: 'The file is too large' })
    const rows = Array.from({ length: 1001 }, () => `${ALICE},A,5`)
    expect(checkAddressBookCsv(['address,name,chainId', ...rows].join('\n'), '5')).toEqual({
      error: 'At most 1000 rows per import',
    })
  })
})

describe('toCsv', () => {
  it('behavior: round-trips, quoting commas and defusing formulas', () => {
    const text = toCsv([{ address: ALICE, name: '=cmd, "x"' }], '5')
    expect(text).toBe(`address,name,chainId\n${ALICE},"'=cmd, ""x""",5\n`)
    expect(checkAddressBookCsv(text, '5')).toMatchObject({ entries: [{ name: `'=cmd, "x"` }], errors: [] })
  })
})
