import type { TransactionListItem } from '@safe-global/safe-gateway-typescript-sdk'
import { describe, expect, it } from 'vitest'
import { poisoningSuspects } from './poisoning'

const PAID = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
// PAID's first and last four hex characters, another middle.
const LOOKALIKE = `0x90f7${'1'.repeat(32)}b906`
const STRANGER = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'

const row = (id: string, txInfo: Record<string, unknown>) =>
  ({ type: 'TRANSACTION', transaction: { id, txInfo } }) as unknown as TransactionListItem

const incoming = (id: string, sender: string, transferInfo: Record<string, unknown>) =>
  row(id, { type: 'Transfer', direction: 'INCOMING', sender: { value: sender }, transferInfo })

const history = [
  row('paid', {
    type: 'Transfer',
    direction: 'OUTGOING',
    recipient: { value: PAID },
    transferInfo: { type: 'ERC20', value: '5000000', decimals: 6 },
  }),
  incoming('zero', LOOKALIKE, { type: 'ERC20', value: '0', decimals: 6 }),
  incoming('dust', LOOKALIKE, { type: 'NATIVE_COIN', value: '1' }),
  incoming('real', LOOKALIKE, { type: 'ERC20', value: '1000000', decimals: 6 }),
  incoming('stranger', STRANGER, { type: 'ERC20', value: '0', decimals: 6 }),
  incoming('genuine', PAID, { type: 'ERC20', value: '0', decimals: 6 }),
]

describe('poisoningSuspects', () => {
  it('behavior: zero-value and dust transfers from a lookalike of a paid address are flagged, nothing else', () => {
    const suspects = poisoningSuspects(history, [])
    expect([...suspects.keys()]).toEqual(['zero', 'dust'])
    expect(suspects.get('zero')?.address).toBe(PAID)
  })

  it('behavior: an address-book entry counts as known too', () => {
    const only = [
      incoming('zero', `0x15d3${'2'.repeat(32)}6a65`, { type: 'ERC20', value: '0', decimals: 18 }),
    ]
    expect(poisoningSuspects(only, []).size).toBe(0)
    expect(poisoningSuspects(only, [{ address: STRANGER, name: 'Bob' }]).get('zero')?.name).toBe('Bob')
  })
})
