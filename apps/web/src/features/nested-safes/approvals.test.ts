import type { TransactionDetails, TransactionListItem } from '@safe-global/safe-gateway-typescript-sdk'
import { describe, expect, it } from 'vitest'
import { approveHashCall, approveHashCandidates, approvesHash } from './approvals'

const CHILD = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HASH = `0x${'ab'.repeat(32)}` as const

describe('approveHashCall', () => {
  it('default: approveHash(bytes32) with the hash (selector 0xd4d9bdcd, as the Safe contract defines it)', () => {
    const call = approveHashCall(CHILD, HASH)
    expect(call.to).toBe(CHILD)
    expect(call.data).toBe(`0xd4d9bdcd${'ab'.repeat(32)}`)
    expect(call.operation).toBe(0)
  })
})

describe('approveHashCandidates / approvesHash', () => {
  const item = (to: string, methodName: string, id: string) =>
    ({
      type: 'TRANSACTION',
      transaction: { id, txInfo: { type: 'Custom', to: { value: to }, methodName } },
    }) as unknown as TransactionListItem
  it('behavior: only approveHash calls to the child, and only the exact hash with CALL', () => {
    const queue = [
      item(CHILD, 'approveHash', 'a'),
      item(OTHER, 'approveHash', 'b'),
      item(CHILD, 'transfer', 'c'),
    ]
    expect(approveHashCandidates(queue, CHILD)).toEqual(['a'])
    const details = (hexData: string, operation = 0) =>
      ({ txData: { to: { value: CHILD }, hexData, operation } }) as unknown as TransactionDetails
    expect(approvesHash(details(approveHashCall(CHILD, HASH).data), CHILD, HASH)).toBe(true)
    expect(approvesHash(details(approveHashCall(CHILD, `0x${'cd'.repeat(32)}`).data), CHILD, HASH)).toBe(
      false,
    )
    expect(approvesHash(details(approveHashCall(CHILD, HASH).data, 1), CHILD, HASH)).toBe(false)
  })
})
