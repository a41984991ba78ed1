import { describe, expect, it } from 'vitest'
import { checkRows, parseAddressBookCsv, parseCsvLines } from './addressBookRows.ts'

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
