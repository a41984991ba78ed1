import { describe, expect, it } from 'vitest'
import { parseAmount, parseAmountWithin } from './amount'

describe('parseAmount', () => {
  it('default: decimals are filled in base units', () => {
    expect(parseAmount('1', 6)).toEqual({ ok: true, value: 1_000_000n })
    expect(parseAmount('1.5', 18)).toEqual({ ok: true, value: 1_500_000_000_000_000_000n })
    expect(parseAmount(' 0.000001 ', 6)).toEqual({ ok: true, value: 1n })
    expect(parseAmount('.5', 2)).toEqual({ ok: true, value: 50n })
    expect(parseAmount('7.', 0)).toEqual({ ok: true, value: 7n })
  })

  it('behavior: more digits than a float holds stay exact', () => {
    expect(parseAmount('123456789012345678901234.123456789012345678', 18)).toEqual({
      ok: true,
      value: 123456789012345678901234123456789012345678n,
    })
  })

  it('error: too many decimals are refused, not rounded', () => {
    expect(parseAmount('1.0000001', 6)).toEqual({ ok: false, error: 'At most 6 decimals' })
    expect(parseAmount('1.5', 0)).toEqual({ ok: false, error: 'This token has no decimals' })
  })

  it('error: empty, zero, signs, exponents and separators', () => {
    expect(parseAmount('', 6)).toMatchObject({ ok: false, error: 'Enter an amount' })
    expect(parseAmount('0.000', 6)).toMatchObject({ ok: false, error: 'The amount must be greater than 0' })
    for (const text of ['-1', '+1', '1e6', '1,5', '1.2.3', '.', 'abc', '0x10'])
      expect(parseAmount(text, 6)).toMatchObject({ ok: false })
  })
})

describe('parseAmountWithin', () => {
  it('default: up to the balance', () => {
    expect(parseAmountWithin('25000', 6, '25000000000')).toEqual({ ok: true, value: 25_000_000_000n })
  })

  it('error: more than the Safe holds', () => {
    expect(parseAmountWithin('25000.000001', 6, '25000000000')).toEqual({
      ok: false,
      error: 'The amount is more than the Safe holds',
    })
  })

  it('error: an unreadable balance', () => {
    expect(parseAmountWithin('1', 6, 'n/a')).toMatchObject({ ok: false })
  })
})
