import { describe, expect, it } from 'vitest'
import { nextFreeNonce, nonceWarnings } from './nonceWarnings'

const kinds = (p: Parameters<typeof nonceWarnings>[0]) => nonceWarnings(p).map((w) => w.kind)

describe('nonceWarnings', () => {
  it('default: the next free nonce has no warning', () => {
    expect(nonceWarnings({ nonce: 5, currentNonce: 5, queued: [] })).toEqual([])
    expect(nonceWarnings({ nonce: 7, currentNonce: 5, queued: [5, 6] })).toEqual([])
  })

  it('error: a nonce below the on-chain nonce was used already', () => {
    expect(nonceWarnings({ nonce: 3, currentNonce: 5, queued: [] })).toEqual([
      { kind: 'used', message: 'Nonce 3 was already used: the Safe is at nonce 5, so it can never execute' },
    ])
    expect(kinds({ nonce: -1, currentNonce: 0, queued: [] })).toEqual(['invalid'])
    expect(kinds({ nonce: 1.5, currentNonce: 0, queued: [] })).toEqual(['invalid'])
  })

  it('behavior: a queued nonce is a duplicate', () => {
    expect(kinds({ nonce: 5, currentNonce: 5, queued: [5, 6] })).toEqual(['duplicate'])
    expect(nonceWarnings({ nonce: 6, currentNonce: 5, queued: [5, 6] })[0]?.message).toBe(
      'A queued transaction already has nonce 6: only one of them can be executed, the other is then dropped',
    )
  })

  it('behavior: skipped nonces are a gap, listed', () => {
    expect(nonceWarnings({ nonce: 7, currentNonce: 5, queued: [5] })).toEqual([
      {
        kind: 'gap',
        missing: [6],
        message: 'Nonce 6 has no transaction: this transaction cannot be executed before one is',
      },
    ])
    expect(nonceWarnings({ nonce: 9, currentNonce: 5, queued: [5, 7] })[0]).toMatchObject({
      missing: [6, 8],
      message: 'Nonces 6, 8 have no transactions: this transaction cannot be executed before they are',
    })
    // Both: a duplicate behind a gap.
    expect(kinds({ nonce: 8, currentNonce: 5, queued: [8] })).toEqual(['duplicate', 'gap'])
  })

  it('behavior: a nonce far ahead lists the first few missing nonces only', () => {
    const [gap] = nonceWarnings({ nonce: 1_000_000, currentNonce: 0, queued: [] })
    expect(gap).toMatchObject({ kind: 'gap', missing: [0, 1, 2, 3, 4] })
    expect(gap?.message).toMatch(/^Nonces 0, 1, 2, 3, 4, … have no transactions/)
  })

  it('nextFreeNonce: after the on-chain nonce and every queued one', () => {
    expect(nextFreeNonce({ currentNonce: 5, queued: [] })).toBe(5)
    expect(nextFreeNonce({ currentNonce: 5, queued: [5, 6, 9] })).toBe(10)
  })
})
