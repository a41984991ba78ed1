import { describe, expect, it } from 'vitest'
import { csvCell, csvLine } from './historyCsv.ts'

describe('csvCell', () => {
  it('default: plain text stays as it is', () => {
    expect(csvCell('Payroll 0x12')).toBe('Payroll 0x12')
  })

  it('behavior: formula starters are defused (CSV injection)', () => {
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('+SUM(A1)')).toBe("'+SUM(A1)")
    expect(csvCell('-2')).toBe("'-2")
    expect(csvCell('@cmd')).toBe("'@cmd")
    expect(csvCell('\tx')).toBe("'\tx")
  })

  it('behavior: commas, quotes and line breaks are quoted', () => {
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvLine(['a', 'b\nc'])).toBe('a,"b\nc"\r\n')
  })
})
