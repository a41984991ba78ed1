import { describe, expect, it } from 'vitest'
import { buildMultiSendCallOnly, encodeMultiSendTransactions } from '../builders/multiSend'
import { buildTokenTransfer } from '../builders/transfer'
import { checkDecoded } from './checkDecoded'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const transfer = buildTokenTransfer({ token: TOKEN, recipient: RECIPIENT, amount: 1_000_000n })
const decodedTransfer = (to = RECIPIENT, value = '1000000') => ({
  method: 'transfer',
  parameters: [
    { name: 'to', type: 'address', value: to },
    { name: 'value', type: 'uint256', value },
  ],
})

describe('checkDecoded', () => {
  it('default: the decoder reading the calldata truthfully', () => {
    expect(checkDecoded(decodedTransfer(), transfer.data)).toEqual([])
    // Case of addresses is not significant.
    expect(checkDecoded(decodedTransfer(RECIPIENT.toLowerCase()), transfer.data)).toEqual([])
  })

  it('error: a value that is not in the calldata', () => {
    expect(checkDecoded(decodedTransfer(RECIPIENT, '1'), transfer.data)).toEqual([
      'The decoder shows a value of value that is not in the calldata',
    ])
    expect(checkDecoded(decodedTransfer(TOKEN), transfer.data)).toHaveLength(1)
  })

  it('error: another method than the calldata calls', () => {
    const approve = { ...decodedTransfer(), method: 'approve' }
    expect(checkDecoded(approve, transfer.data)).toEqual([expect.stringContaining('calls another function')])
    expect(checkDecoded(decodedTransfer(), '0x')).toHaveLength(1)
    expect(
      checkDecoded({ method: 'x', parameters: [{ name: 'a', type: 'nonsense', value: '1' }] }, transfer.data),
    ).toHaveLength(1)
  })

  it('behavior: a batch is checked action by action', () => {
    const eth = { to: RECIPIENT, value: 5n, data: '0x', operation: 0 } as const
    const batch = buildMultiSendCallOnly([eth, transfer], '1.4.1')
    if (!batch.ok) throw new Error(batch.error)
    const decoded = (actions: unknown[]) => ({
      method: 'multiSend',
      parameters: [
        {
          name: 'transactions',
          type: 'bytes',
          value: encodeMultiSendTransactions([eth, transfer]),
          valueDecoded: actions,
        },
      ],
    })
    const honest = [
      { operation: 0, to: RECIPIENT, value: '5', data: null },
      { operation: 0, to: TOKEN, value: '0', data: transfer.data, dataDecoded: decodedTransfer() },
    ]
    expect(checkDecoded(decoded(honest), batch.value.data)).toEqual([])

    const lying = [honest[0], { ...honest[1], dataDecoded: decodedTransfer(RECIPIENT, '999') }]
    expect(checkDecoded(decoded(lying), batch.value.data)).toContainEqual(
      'Action 2: The decoder shows a value of value that is not in the calldata',
    )
    expect(checkDecoded(decoded([honest[0]]), batch.value.data)).toContainEqual(
      'The decoder lists 1 batch actions, the calldata holds 2',
    )
    const redirected = [{ ...honest[0], to: TOKEN }, honest[1]]
    expect(checkDecoded(decoded(redirected), batch.value.data)).toContainEqual(
      'Batch action 1 as decoded is not the one in the calldata',
    )
  })

  it('error: bytes the decoded call does not explain block it, with the difference shown', () => {
    // One trailing byte: viem (and the Safe) read past it, the decoded values still match.
    expect(checkDecoded(decodedTransfer(), `${transfer.data}ff`)).toEqual([
      'The calldata is not exactly the call shown: 1 byte after the call that no parameter explains (0xff)',
    ])
    // A non-canonical address word: dirty upper bytes that decoding drops.
    const dirty = `${transfer.data.slice(0, 10)}ff${transfer.data.slice(12)}` as `0x${string}`
    expect(checkDecoded(decodedTransfer(), dirty)).toEqual([
      expect.stringMatching(/^The calldata is not exactly the call shown: from byte 4 it holds 0xff0000/),
    ])
  })

  it('error: a batch whose bytes parameter carries padding that is not zero', () => {
    const eth = { to: RECIPIENT, value: 5n, data: '0x', operation: 0 } as const
    const batch = buildMultiSendCallOnly([eth], '1.4.1')
    if (!batch.ok) throw new Error(batch.error)
    const decoded = {
      method: 'multiSend',
      parameters: [
        {
          name: 'transactions',
          type: 'bytes',
          value: encodeMultiSendTransactions([eth]),
          valueDecoded: [{ operation: 0, to: RECIPIENT, value: '5', data: null }],
        },
      ],
    }
    expect(checkDecoded(decoded, batch.value.data)).toEqual([])
    // The 85-byte entry is padded to 96 bytes: a smuggled byte in the padding.
    const smuggled = `${batch.value.data.slice(0, -2)}01` as `0x${string}`
    expect(checkDecoded(decoded, smuggled)).toEqual([
      expect.stringMatching(/^The calldata is not exactly the call shown: from byte \d+ it holds 0x01 where/),
    ])
  })
})
