import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { addressBookKeys } from '../features/address-book/api/keys'
import { assetKeys } from '../features/assets/api/keys'
import { notesKeys } from '../features/notes/api/keys'
import { notificationKeys } from '../features/notifications/api/keys'
import { queueKeys } from '../features/queue/api/keys'
import { safeKeys } from '../features/safe/api/keys'
import { transactionKeys } from '../features/transactions/api/keys'
import { allSafeQueries, queriesFor } from './liveQueryKeys'

const SAFE = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'
const HASH = `0x${'ab'.repeat(32)}`
const safe = { chainId: '1', address: SAFE }

/** The keys of a cache holding every query of the open Safe (and one of another Safe) that `filters` match. */
function stale(filters: ReturnType<typeof queriesFor>): string[] {
  const client = new QueryClient()
  const keys = [
    safeKeys.info('1', SAFE),
    queueKeys.list('1', SAFE),
    transactionKeys.queue('1', SAFE),
    transactionKeys.history('1', SAFE),
    transactionKeys.details('1', `multisig_${SAFE}_${HASH}`),
    transactionKeys.details('1', `multisig_${SAFE}_0x${'cd'.repeat(32)}`),
    assetKeys.balances('1', SAFE, 'USD', true),
    assetKeys.collectibles('1', SAFE, false),
    transactionKeys.history('1', OTHER),
    notesKeys.ofSafe('1', SAFE, OTHER),
    notesKeys.ofTx('1', SAFE, `multisig_${SAFE}_${HASH}`, OTHER),
    notesKeys.ofSafe('1', OTHER, OTHER),
    notificationKeys.feed('device'),
    addressBookKeys.book('1', SAFE, OTHER),
    addressBookKeys.book('1', OTHER, OTHER),
  ]
  for (const key of keys) client.setQueryData(key, 1)
  const hit = new Set<string>()
  for (const filter of filters)
    for (const query of client.getQueryCache().findAll(filter)) hit.add(query.queryKey.slice(1).join('/'))
  return [...hit].sort()
}

describe('queriesFor', () => {
  it('default: a confirmation refreshes the queue and that transaction only', () => {
    const change = {
      type: 'NEW_CONFIRMATION',
      chainId: 1,
      address: SAFE,
      safeTxHash: HASH,
      owner: OTHER,
    } as const
    expect(stale(queriesFor(change, safe))).toEqual([
      'notifications/feed/device',
      `queue/1/${SAFE}/list`,
      `transactions/1/${SAFE}/queue`,
      `transactions/1/details/multisig_${SAFE}_${HASH}`,
    ])
  })

  it("behavior: an address-book change refreshes that Safe's book only, and no feed", () => {
    const change = { type: 'TEAM_DATA_UPDATED', chainId: 1, address: SAFE, what: 'addressBook' } as const
    expect(stale(queriesFor(change, safe))).toEqual([`address-book/1/${SAFE.toLowerCase()}/${OTHER}`])
  })

  it('behavior: an execution also refreshes history, Safe info and assets', () => {
    const change = {
      type: 'EXECUTED_MULTISIG_TRANSACTION',
      chainId: 1,
      address: SAFE,
      safeTxHash: HASH,
      txHash: HASH,
      failed: false,
    } as const
    expect(stale(queriesFor(change, safe))).toEqual([
      `assets/1/${SAFE}/balances/USD/[object Object]`,
      `assets/1/${SAFE}/collectibles/[object Object]`,
      'notifications/feed/device',
      `queue/1/${SAFE}/list`,
      `safes/1/${SAFE}/info`,
      `transactions/1/${SAFE}/history`,
      `transactions/1/${SAFE}/queue`,
      `transactions/1/details/multisig_${SAFE}_${HASH}`,
    ])
  })

  it('behavior: incoming value refreshes history and assets', () => {
    const change = { type: 'INCOMING_ETHER', chainId: 1, address: SAFE, txHash: HASH, value: '1' } as const
    expect(stale(queriesFor(change, safe))).toEqual([
      `assets/1/${SAFE}/balances/USD/[object Object]`,
      `assets/1/${SAFE}/collectibles/[object Object]`,
      'notifications/feed/device',
      `transactions/1/${SAFE}/history`,
    ])
  })

  it('behavior: changes of another Safe or chain, and blocks not touching the Safe, refresh nothing', () => {
    expect(
      queriesFor({ type: 'READY_TO_EXECUTE', chainId: 1, address: OTHER, safeTxHash: HASH }, safe),
    ).toEqual([])
    expect(
      queriesFor({ type: 'READY_TO_EXECUTE', chainId: 5, address: SAFE, safeTxHash: HASH }, safe),
    ).toEqual([])
    expect(queriesFor({ type: 'BLOCK_INDEXED', chainId: 1, blockNumber: 3, safes: [OTHER] }, safe)).toEqual(
      [],
    )
    expect(
      stale(
        queriesFor(
          {
            type: 'BLOCK_INDEXED',
            chainId: 1,
            blockNumber: 3,
            safes: [SAFE.toUpperCase().replace('0X', '0x')],
          },
          safe,
        ),
      ),
    ).toContain(`safes/1/${SAFE}/info`)
  })

  it('allSafeQueries: everything of the open Safe, nothing of another', () => {
    expect(stale(allSafeQueries(safe))).not.toContain(`transactions/1/${OTHER}/history`)
    expect(stale(allSafeQueries(safe))).toHaveLength(10)
  })

  it('behavior: the team’s notes changing refreshes that Safe’s notes (rows and transaction pages) only', () => {
    const change = { type: 'TEAM_DATA_UPDATED', chainId: 1, address: SAFE, what: 'notes' } as const
    const ofSafe = SAFE.toLowerCase()
    expect(stale(queriesFor(change, safe))).toEqual([
      `notes/1/${ofSafe}/*/${OTHER}`,
      `notes/1/${ofSafe}/multisig_${SAFE}_${HASH}/${OTHER}`,
    ])
    expect(stale(queriesFor({ ...change, what: 'delegates' }, safe))).toEqual([])
  })
})
