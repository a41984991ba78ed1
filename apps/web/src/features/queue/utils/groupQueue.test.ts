import type { TransactionListItem } from '@safe-global/safe-gateway-typescript-sdk'
import { describe, expect, it } from 'vitest'
import { deletePolicy } from './deletePolicy'
import { groupQueue, queuedNonces } from './groupQueue'

const tx = (id: string, nonce: number) =>
  ({
    type: 'TRANSACTION',
    conflictType: 'None',
    transaction: {
      id,
      timestamp: 0,
      txStatus: 'AWAITING_CONFIRMATIONS',
      txHash: null,
      txInfo: { type: 'Custom' },
      executionInfo: { type: 'MULTISIG', nonce, confirmationsRequired: 2, confirmationsSubmitted: 1 },
    },
  }) as unknown as TransactionListItem
const label = (value: 'Next' | 'Queued') => ({ type: 'LABEL', label: value }) as TransactionListItem
const conflict = (nonce: number) => ({ type: 'CONFLICT_HEADER', nonce }) as TransactionListItem

const ids = (groups: ReturnType<typeof groupQueue>) =>
  groups.map((g) => ({ ...g, transactions: g.transactions.map((t) => t.id) }))

describe('groupQueue', () => {
  it('default: Next and Queued labels, one group per nonce, conflicts together', () => {
    const items = [
      label('Next'),
      conflict(5),
      tx('a', 5),
      tx('b', 5),
      label('Queued'),
      tx('c', 6),
      conflict(8),
      tx('d', 8),
      tx('e', 8),
    ]
    expect(ids(groupQueue(items))).toEqual([
      { nonce: 5, label: 'Next', conflict: true, transactions: ['a', 'b'] },
      { nonce: 6, label: 'Queued', conflict: false, transactions: ['c'] },
      { nonce: 8, label: 'Queued', conflict: true, transactions: ['d', 'e'] },
    ])
    expect(queuedNonces(groupQueue(items))).toEqual([5, 6, 8])
  })

  it('behavior: same nonce without a header is still a conflict; DATE_LABELs and module items are skipped', () => {
    const moduleTx = {
      ...tx('m', 0),
      transaction: { ...(tx('m', 0) as any).transaction, executionInfo: undefined },
    }
    const items = [
      { type: 'DATE_LABEL', timestamp: 0 } as TransactionListItem,
      tx('a', 3),
      tx('b', 3),
      moduleTx,
    ]
    expect(ids(groupQueue(items))).toEqual([
      { nonce: 3, label: 'Next', conflict: true, transactions: ['a', 'b'] },
    ])
  })

  it('behavior: an empty queue has no groups', () => {
    expect(groupQueue([])).toEqual([])
  })
})

describe('deletePolicy', () => {
  const proposer = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const other = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
  const groups = groupQueue([
    label('Next'),
    conflict(5),
    tx('a', 5),
    tx('b', 5),
    label('Queued'),
    tx('c', 6),
    tx('d', 7),
  ])

  it('default: the proposer deletes the last nonce or a duplicate', () => {
    expect(deletePolicy({ account: proposer, proposer, nonce: 7, groups })).toEqual({ allowed: true })
    expect(deletePolicy({ account: proposer, proposer, nonce: 5, groups })).toEqual({ allowed: true })
  })

  it('error: not the proposer, or a gap would open', () => {
    expect(deletePolicy({ account: other, proposer, nonce: 7, groups })).toEqual({
      allowed: false,
      code: 'not-proposer',
      reason: 'Only its proposer can delete a transaction',
    })
    expect(deletePolicy({ account: undefined, proposer, nonce: 7, groups }).allowed).toBe(false)
    expect(deletePolicy({ account: proposer, proposer: undefined, nonce: 7, groups }).allowed).toBe(false)
    expect(deletePolicy({ account: proposer.toLowerCase() as any, proposer, nonce: 6, groups })).toEqual({
      allowed: false,
      code: 'gap',
      reason: 'Deleting it would leave nonce 6 empty while later nonces wait: reject or replace it instead',
    })
  })
})
