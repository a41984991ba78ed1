import { describe, expect, it } from 'vitest'
import { normalizeEcdsaSignature } from './signature'

const rs = `0x${'11'.repeat(64)}` as const

describe('normalizeEcdsaSignature', () => {
  it('default: v 27/28 stays', () => {
    expect(normalizeEcdsaSignature(`${rs}1b`)).toBe(`${rs}1b`)
    expect(normalizeEcdsaSignature(`${rs}1c`)).toBe(`${rs}1c`)
  })

  it('behavior: v 0/1 becomes 27/28', () => {
    expect(normalizeEcdsaSignature(`${rs}00`)).toBe(`${rs}1b`)
    expect(normalizeEcdsaSignature(`${rs}01`)).toBe(`${rs}1c`)
  })

  it('error: other lengths and recovery bytes', () => {
    expect(() => normalizeEcdsaSignature(`${rs}`)).toThrow(/65-byte/)
    expect(() => normalizeEcdsaSignature(`${rs}25`)).toThrow(/v=37/)
  })
})
