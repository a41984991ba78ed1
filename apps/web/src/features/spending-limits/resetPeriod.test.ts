import { describe, expect, it } from 'vitest'
import { describeResetPeriod } from './resetPeriod'

describe('describeResetPeriod', () => {
  it('names the largest unit that divides the period', () => {
    expect(describeResetPeriod(0)).toBe('One-time')
    expect(describeResetPeriod(1440)).toBe('Every day')
    expect(describeResetPeriod(180)).toBe('Every 3 hours')
    expect(describeResetPeriod(10080)).toBe('Every week')
    expect(describeResetPeriod(43200)).toBe('Every month')
    expect(describeResetPeriod(7)).toBe('Every 7 minutes')
  })
})
