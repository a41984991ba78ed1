import { describe, expect, it } from 'vitest'
import type { NotificationEvent } from './api'
import { describeEvent, eventPath } from './eventText'

const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const HASH = `0x${'ab'.repeat(32)}`
const event = (p: Partial<NotificationEvent>): NotificationEvent => ({
  id: 1,
  type: 'PENDING_MULTISIG_TRANSACTION',
  chainId: '31337',
  address: SAFE,
  createdAt: 0,
  ...p,
})

describe('describeEvent', () => {
  it('default: a title per type and the Safe it concerns', () => {
    expect(describeEvent(event({ safeTxHash: HASH }))).toEqual({
      title: 'New transaction proposed',
      detail: 'Safe 0x5aFE…eEEe: 0xabab…abab',
    })
    expect(describeEvent(event({ type: 'NEW_CONFIRMATION', owner: SAFE })).detail).toMatch(/signed by 0x5aFE/)
    expect(describeEvent(event({ type: 'INCOMING_ETHER', value: '1500000000000000000' })).detail).toBe(
      'Safe 0x5aFE…eEEe received 1.5 (native)',
    )
    expect(describeEvent(event({ type: 'MESSAGE_CREATED', messageHash: HASH })).title).toBe(
      'Message needs signatures',
    )
  })
  it('behavior: a proposal with risks names the most serious one and how many more', () => {
    const risks = [
      { kind: 'safe-settings', level: 'high', title: 'Changes who controls the Safe', why: 'w' },
      { kind: 'new-recipient', level: 'warn', title: 'First payment', why: 'w' },
    ]
    expect(describeEvent(event({ safeTxHash: HASH, risks })).detail).toBe(
      'Safe 0x5aFE…eEEe: 0xabab…abab · ⚠ Changes who controls the Safe (+1 more)',
    )
  })

  it('behavior: a failed execution says so', () => {
    expect(describeEvent(event({ type: 'EXECUTED_MULTISIG_TRANSACTION', failed: true })).title).toBe(
      'Transaction failed',
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
