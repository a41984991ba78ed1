import { describe, expect, it } from 'vitest'
import { checkNonce, queuedNoncesOf } from './nonce'

const base = { currentNonce: 3, recommendedNonce: 5, queuedNonces: [3, 4] }

describe('checkNonce', () => {
  it('default: the recommended nonce has no warning', () => {
    expect(checkNonce({ ...base, nonce: '5' })).toEqual({ error: null, warnings: [] })
  })

  it('behavior: a queued nonce warns of a duplicate', () => {
    const check = checkNonce({ ...base, nonce: '4' })
    expect(check.error).toBeNull()
    expect(check.warnings).toEqual([expect.stringContaining('already uses nonce 4')])
  })

  it('behavior: a nonce above the recommended one warns of the gap', () => {
    expect(checkNonce({ ...base, nonce: '7' }).warnings).toEqual([expect.stringContaining('nonces 5, 6')])
    expect(checkNonce({ ...base, nonce: '6' }).warnings).toEqual([
      expect.stringContaining('no transaction uses nonce 5'),
    ])
    expect(checkNonce({ ...base, nonce: '100' }).warnings).toEqual([expect.stringContaining('and more')])
  })

  it('error: executed nonces and non-numbers', () => {
    expect(checkNonce({ ...base, nonce: '2' }).error).toMatch(/already used/)
    expect(checkNonce({ ...base, nonce: '-1' }).error).toMatch(/whole number/)
    expect(checkNonce({ ...base, nonce: '1.5' }).error).toMatch(/whole number/)
    expect(checkNonce({ ...base, nonce: '99999999999999999999' }).error).toMatch(/too large/)
  })
})

describe('queuedNoncesOf', () => {
  it('default: multisig nonces of transaction items, once each, sorted', () => {
    const tx = (nonce: number) => ({
      type: 'TRANSACTION',
      transaction: { executionInfo: { type: 'MULTISIG', nonce } },
    })
    const items = [
      { type: 'LABEL', label: 'Next' },
      tx(4),
      { type: 'CONFLICT_HEADER', nonce: 3 },
      tx(3),
      tx(3),
    ]
    expect(queuedNoncesOf(items as never)).toEqual([3, 4])
  })
})
