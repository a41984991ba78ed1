import { describe, expect, it } from 'vitest'
import { formatFiat, formatSavedAt, formatTokenAmount, shortAddress } from './format'

describe('formatTokenAmount', () => {
  it('default', () => {
    expect(formatTokenAmount('24900000000', 6)).toBe('24,900')
    expect(formatTokenAmount('1000000000000000000000', 18)).toBe('1,000')
    expect(formatTokenAmount('9500000000000000000', 18)).toBe('9.5')
  })

  it('args: maxFractionDigits cuts, never rounds up', () => {
    expect(formatTokenAmount('1999999999999999999', 18)).toBe('1.999999')
    expect(formatTokenAmount('1999999999999999999', 18, 2)).toBe('1.99')
  })

  it('behavior: tiny, zero, negative, no decimals', () => {
    expect(formatTokenAmount('1', 18)).toBe('< 0.000001')
    expect(formatTokenAmount('0', 18)).toBe('0')
    expect(formatTokenAmount(-1500000n, 6)).toBe('-1.5')
    expect(formatTokenAmount('12345', null)).toBe('12,345')
  })

  it('error: not an integer string', () => {
    expect(formatTokenAmount('1.5', 18)).toBe('1.5')
  })
})

describe('formatFiat', () => {
  it('default', () => {
    expect(formatFiat('53900', 'usd')).toBe('$53,900.00')
    expect(formatFiat('0.5', 'EUR')).toBe('€0.50')
  })

  it('behavior: unknown currency code and bad numbers', () => {
    expect(formatFiat('12.5', 'ethereum')).toBe('12.5 ETHEREUM')
    expect(formatFiat('abc', 'usd')).toBe('abc')
  })
})

describe('shortAddress', () => {
  it('default', () => {
    expect(shortAddress('0xeE3A570203441329791FA2AC2C912EBC9983F886')).toBe('0xeE3A…F886')
  })
})

describe('formatSavedAt', () => {
  it('default: hours and minutes today', () => {
    const at = new Date(2026, 10, 23, 9, 5, 30).getTime()
    expect(formatSavedAt(at, new Date(2026, 10, 23, 18, 0).getTime())).toBe('09:05')
  })

  it('behavior: the date before that', () => {
    const at = new Date(2026, 10, 22, 21, 40).getTime()
    expect(formatSavedAt(at, new Date(2026, 10, 23, 8, 0).getTime())).toBe('22 Nov 21:40')
  })
})
