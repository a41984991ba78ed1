import { describe, expect, it } from 'vitest'
import { gapWarning, missingNoncesBefore } from './queueGaps'

describe('queue gaps', () => {
  it('default: consecutive nonces from the on-chain one have no gap', () => {
    expect(missingNoncesBefore({ nonce: 7, currentNonce: 5, queued: [5, 6, 7] })).toEqual([])
    expect(gapWarning({ nonce: 5, currentNonce: 5, queued: [5] })).toBeNull()
  })

  it('behavior: a missing nonce before this one is a gap', () => {
    expect(gapWarning({ nonce: 7, currentNonce: 5, queued: [5, 7] })).toBe(
      'Nonce 6 has no transaction: this one cannot be executed before a transaction with nonce 6 is',
    )
    expect(gapWarning({ nonce: 9, currentNonce: 5, queued: [5, 7, 9] })).toBe(
      'Nonces 6, 8 have no transactions: this one cannot be executed before they are',
    )
  })

  it('behavior: a nonce far ahead lists the first few missing ones', () => {
    expect(missingNoncesBefore({ nonce: 1_000_000, currentNonce: 0, queued: [] })).toEqual([0, 1, 2, 3, 4])
    expect(gapWarning({ nonce: 1_000_000, currentNonce: 0, queued: [] })).toMatch(
      /^Nonces 0, 1, 2, 3, 4, … have/,
    )
  })
})
