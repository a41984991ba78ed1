import { describe, expect, it } from 'vitest'
import { safeStateDifference } from './safeState'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'

describe('safeStateDifference', () => {
  it('default: the same reading has no difference (address case ignored)', () => {
    expect(
      safeStateDifference(
        { owners: [A, B], threshold: 2, nonce: 3n },
        { owners: [A, B.toUpperCase().replace('0X', '0x') as `0x${string}`], threshold: 2, nonce: 3n },
      ),
    ).toEqual([])
  })

  it('behavior: an added or reordered owner, another threshold, another nonce', () => {
    const honest = { owners: [A, B] as const, threshold: 2, nonce: 3n }
    expect(safeStateDifference(honest, { ...honest, owners: [A, B, A] })).toEqual(['owners'])
    expect(safeStateDifference(honest, { ...honest, owners: [B, A] })).toEqual(['owners'])
    expect(safeStateDifference(honest, { owners: [A], threshold: 1, nonce: 9n })).toEqual([
      'owners',
      'threshold',
      'nonce',
    ])
  })
})
