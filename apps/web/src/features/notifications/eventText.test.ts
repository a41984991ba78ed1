import { describe, expect, it } from 'vitest'
import type { NotificationEvent } from './api/requests'
import { describeEvent, eventPath } from './eventText'

const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const HASH = `0x${'ab'.repeat(32)}`
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const event = (p: Partial<NotificationEvent>): NotificationEvent => ({
  id: 1,
  type: 'PENDING_MULTISIG_TRANSACTION',
  chainId: '31337',
  address: SAFE,
  createdAt: 0,
  ...p,
})

describe('describeEvent', () => {
  it('default: a sentence per type, with the action and names once known, and the Safe it concerns', () => {
    const names = (address: string) => ({ [SAFE]: 'Treasury', [OWNER]: 'Bob' })[address]
    const context = { nameOf: names, action: 'send 1 cUSD to Alice', proposer: OWNER }
    expect(describeEvent(event({ safeTxHash: HASH }), context)).toEqual({
      title: 'Bob proposed: send 1 cUSD to Alice',
      detail: 'Treasury',
    })
    expect(
      describeEvent(event({ type: 'NEW_CONFIRMATION', owner: OWNER, safeTxHash: HASH }), context).title,
    ).toBe('Bob confirmed: send 1 cUSD to Alice')
    expect(describeEvent(event({ type: 'READY_TO_EXECUTE', safeTxHash: HASH }), context).title).toBe(
      'Ready to execute: send 1 cUSD to Alice',
    )
    const native = { symbol: 'ETH', decimals: 18 }
    expect(
      describeEvent(event({ type: 'INCOMING_ETHER', value: '1500000000000000000' }), { native }).title,
    ).toBe('Received 1.5 ETH')
    const tokenOf = () => ({ symbol: 'cUSD', decimals: 6 })
    expect(
      describeEvent(event({ type: 'INCOMING_TOKEN', tokenAddress: OWNER, value: '2500000' }), { tokenOf })
        .title,
    ).toBe('Received 2.5 cUSD')
  })

  it('behavior: without the details, the hash and short addresses stand in', () => {
    expect(describeEvent(event({ safeTxHash: HASH }))).toEqual({
      title: 'An owner proposed: transaction 0xabab…abab',
      detail: '0x5aFE…eEEe',
    })
    expect(describeEvent(event({ type: 'NEW_CONFIRMATION', owner: OWNER, safeTxHash: HASH })).title).toBe(
      '0x7099…79C8 confirmed: transaction 0xabab…abab',
    )
  })

  it('behavior: a proposal with risks names the most serious one and how many more', () => {
    const risks = [
      { kind: 'safe-settings', level: 'high', title: 'Changes who controls the Safe', why: 'w' },
      { kind: 'new-recipient', level: 'warn', title: 'First payment', why: 'w' },
    ]
    expect(describeEvent(event({ safeTxHash: HASH, risks })).detail).toBe(
      '0x5aFE…eEEe · ⚠ Changes who controls the Safe (+1 more)',
    )
  })

  it('behavior: a started recovery names the owners it would set and where to cancel it', () => {
    const started = event({ type: 'RECOVERY_PROPOSED', newOwners: [OWNER, SAFE], newThreshold: 1 })
    expect(describeEvent(started, { nameOf: (a) => (a === OWNER ? 'Bob' : undefined) }).title).toBe(
      'Recovery started: new owners Bob, 0x5aFE…eEEe, 1 of 2. Not yours? Cancel it in the queue',
    )
    expect(eventPath(started, `dev:${SAFE}`)).toBe(`/transactions/queue?safe=dev%3A${SAFE}`)
  })

  it('behavior: a failed execution says so', () => {
    expect(describeEvent(event({ type: 'EXECUTED_MULTISIG_TRANSACTION', failed: true })).title).toBe(
      'Failed: a transaction',
    )
  })
})

describe('eventPath', () => {
  it('default: transactions open their details, funds the history, messages the messages', () => {
    expect(eventPath(event({ safeTxHash: HASH }), `dev:${SAFE}`)).toBe(
      `/transactions/tx?safe=dev%3A${SAFE}&id=multisig_${SAFE}_${HASH}`,
    )
    expect(eventPath(event({ type: 'INCOMING_TOKEN' }), `dev:${SAFE}`)).toBe(
      `/transactions/history?safe=dev%3A${SAFE}`,
    )
    expect(eventPath(event({ type: 'MESSAGE_CONFIRMED', messageHash: HASH }), `dev:${SAFE}`)).toBe(
      `/messages?safe=dev%3A${SAFE}`,
    )
  })
})
