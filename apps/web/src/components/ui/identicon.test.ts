import { describe, expect, it } from 'vitest'
import { identiconPattern } from './identicon'

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('identiconPattern', () => {
  it('default: same value, same picture; the casing of an address does not matter', () => {
    expect(identiconPattern(A)).toEqual(identiconPattern(A))
    expect(identiconPattern(A.toLowerCase())).toEqual(identiconPattern(A))
  })

  it('default: a known value keeps its picture (changing the derivation changes every identicon)', () => {
    const { color, background, cells } = identiconPattern(A)
    const rows = cells.map((row) => row.map((on) => (on ? '#' : '.')).join(''))
    expect({ color, background, rows }).toMatchInlineSnapshot(`
      {
        "background": "hsl(314 45% 90%)",
        "color": "hsl(92 68% 41%)",
        "rows": [
          "#####",
          "#...#",
          "#####",
          ".###.",
          ".#.#.",
        ],
      }
    `)
  })

  it('behavior: the grid is square and mirrored left to right', () => {
    for (const size of [5, 7, 8]) {
      const { cells } = identiconPattern(B, size)
      expect(cells).toHaveLength(size)
      for (const row of cells) {
        expect(row).toHaveLength(size)
        expect(row).toEqual([...row].reverse())
      }
    }
  })

  it('behavior: different addresses get different pictures', () => {
    const patterns = new Set(
      Array.from({ length: 50 }, (_, i) =>
        JSON.stringify(identiconPattern(`0x${i.toString(16).padStart(40, '0')}`)),
      ),
    )
    expect(patterns.size).toBe(50)
  })
})
