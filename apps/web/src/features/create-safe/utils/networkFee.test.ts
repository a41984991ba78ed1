import { describe, expect, it } from 'vitest'
import { formatNativeAmount, networkFee } from './networkFee'

const eth = { symbol: 'ETH', decimals: 18 }

describe('formatNativeAmount', () => {
  it('default: a creation fee (≈290k gas at 1.08 gwei) in ETH, 4 significant digits', () => {
    expect(formatNativeAmount(networkFee(290_123n, 1_080_000_000n), eth)).toBe('0.0003133 ETH')
  })

  it('behavior: whole amounts keep 6 decimals with thousands separators; zeros are trimmed', () => {
    expect(formatNativeAmount(1_234_567_891_234_567_891_234n, eth)).toBe('1,234.567891 ETH')
    expect(formatNativeAmount(2n * 10n ** 18n, eth)).toBe('2 ETH')
    expect(formatNativeAmount(10n ** 17n, eth)).toBe('0.1 ETH')
    expect(formatNativeAmount(0n, eth)).toBe('0 ETH')
  })

  it('behavior: a tiny fee still shows its digits, not 0', () => {
    expect(formatNativeAmount(1n, eth)).toBe('0.000000000000000001 ETH')
    expect(formatNativeAmount(21_000n * 1_234n, eth)).toBe('0.00000000002591 ETH')
  })

  it('edge: other decimals and symbols, and none', () => {
    expect(formatNativeAmount(1_500_000n, { symbol: 'XYZ', decimals: 6 })).toBe('1.5 XYZ')
    expect(formatNativeAmount(42n, { symbol: 'RAW', decimals: 0 })).toBe('42 RAW')
    expect(formatNativeAmount(-5n * 10n ** 17n, eth)).toBe('-0.5 ETH')
  })
})
