import { safeV130, safeV141 } from '@concord/safe/contracts'
import { decodeMultiSend } from '@concord/safe/multiSend'
import { describe, expect, it } from 'vitest'
import {
  baseVersion,
  buildMultiSendCallOnly,
  encodeMultiSendTransactions,
  multiSendCallOnlyFor,
} from './multiSend'
import { buildTokenTransfer } from './transfer'

const TOKEN = '0x2222222222222222222222222222222222222222'
const RECIPIENT = '0x3333333333333333333333333333333333333333'
const eth = { to: RECIPIENT, value: 10n ** 18n, data: '0x', operation: 0 } as const
const erc20 = buildTokenTransfer({ token: TOKEN, recipient: RECIPIENT, amount: 7n })

describe('multiSendCallOnlyFor', () => {
  it('default: the MultiSendCallOnly of the Safe version', () => {
    expect(multiSendCallOnlyFor('1.4.1')).toEqual({ ok: true, value: safeV141.multiSendCallOnly })
    expect(multiSendCallOnlyFor('1.3.0+L2')).toEqual({ ok: true, value: safeV130.multiSendCallOnly })
  })

  it('error: versions without a known MultiSendCallOnly', () => {
    expect(multiSendCallOnlyFor('1.1.1')).toMatchObject({ ok: false })
    expect(multiSendCallOnlyFor(null)).toMatchObject({ ok: false })
    expect(baseVersion('1.5.0+L2')).toBe('1.5.0')
  })
})

describe('encodeMultiSendTransactions', () => {
  it('default: operation, to, value, data length and data, packed', () => {
    expect(encodeMultiSendTransactions([eth])).toBe(
      `0x00${RECIPIENT.slice(2)}${(10n ** 18n).toString(16).padStart(64, '0')}${'0'.repeat(64)}`,
    )
  })
})

describe('buildMultiSendCallOnly', () => {
  it('default: one DELEGATECALL to MultiSendCallOnly whose actions read back', () => {
    const batch = buildMultiSendCallOnly([eth, erc20], '1.4.1')
    if (!batch.ok) throw new Error(batch.error)
    expect(batch.value).toMatchObject({ to: safeV141.multiSendCallOnly, value: 0n, operation: 1 })
    expect(batch.value.data.slice(0, 10)).toBe('0x8d80ff0a')
    expect(decodeMultiSend(batch.value.data)).toEqual([eth, erc20])
  })

  it('behavior: a v1.3.0 Safe batches through the v1.3.0 contract', () => {
    expect(buildMultiSendCallOnly([eth], '1.3.0')).toMatchObject({
      ok: true,
      value: { to: safeV130.multiSendCallOnly },
    })
  })

  it('error: empty batches and DELEGATECALL actions', () => {
    expect(buildMultiSendCallOnly([], '1.4.1')).toMatchObject({ ok: false })
    expect(buildMultiSendCallOnly([{ ...eth, operation: 1 }], '1.4.1')).toMatchObject({ ok: false })
  })
})

describe('decodeMultiSend', () => {
  it('error: not a multiSend, or truncated', () => {
    expect(decodeMultiSend('0xa9059cbb')).toBeNull()
    const batch = buildMultiSendCallOnly([erc20], '1.4.1')
    if (!batch.ok) throw new Error(batch.error)
    // Claims more data than the packed bytes hold: the length word of the first action is bumped.
    const tampered = batch.value.data.replace(
      '0000000000000000000000000000000000000000000000000000000000000044',
      `${'0'.repeat(62)}ff`,
    )
    expect(decodeMultiSend(tampered as `0x${string}`)).toBeNull()
  })
})
