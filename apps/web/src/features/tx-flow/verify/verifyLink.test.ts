import * as SafeTx from '@concord/safe/SafeTx'
import { encodeFunctionData, erc20Abi, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { encodeMultiSendTransactions } from '../builders/multiSend'
import { decodeLocally } from './decodeLocally'
import { EMPTY_FIELDS, fieldsFromLink, parseVerifyFields, verifyFragment } from './verifyLink'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const RECIPIENT = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const SAFE = '0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE'
const transfer = encodeFunctionData({
  abi: erc20Abi,
  functionName: 'transfer',
  args: [RECIPIENT, 1_000_000n],
})

describe('verify link', () => {
  it('behavior: a transaction survives the link: same fields, same safeTxHash', () => {
    const tx = SafeTx.from({ to: TOKEN, data: transfer, nonce: 42n, safeTxGas: 7n })
    const input = { chainId: 11155111, safe: SAFE, version: '1.4.1', tx } as const
    const link = `https://concord.example/verify${verifyFragment(input)}`
    const fields = fieldsFromLink(link)
    expect(fields).toBeDefined()
    const parsed = parseVerifyFields(fields ?? EMPTY_FIELDS)
    expect(parsed).toEqual({ ok: true, value: input })
    if (parsed.ok)
      expect(SafeTx.hash(parsed.value.tx, { chainId: 11155111, address: SAFE })).toBe(
        SafeTx.hash(tx, { chainId: 11155111, address: SAFE }),
      )
  })

  it('error: each wrong field says what is wrong; nothing is hashed', () => {
    const parsed = parseVerifyFields({
      ...EMPTY_FIELDS,
      chainId: '1',
      safe: SAFE.replace('5afE', '5AfE'), // one letter's case: a broken checksum
      version: '1.2.0',
      to: TOKEN,
      data: '0xabc',
      operation: '2',
      nonce: '-1',
    })
    expect(parsed).toEqual({
      ok: false,
      errors: [
        "Safe: the address's checksum is wrong (a typo?)",
        'Safe version: one of 1.3.0, 1.4.1, 1.5.0 (earlier Safes hash without the chain id)',
        'Data: expected hex bytes (0x…)',
        'Operation: 0 (call) or 1 (delegatecall)',
        'Nonce: expected a whole number',
      ],
    })
    expect(fieldsFromLink('https://concord.example/verify#nothing=here')).toBeUndefined()
  })
})

describe('decodeLocally', () => {
  it('default: a token transfer, with its arguments', () => {
    expect(decodeLocally({ to: TOKEN, value: 0n, data: transfer, operation: 0 })).toMatchObject({
      method: 'transfer',
      args: [
        { name: 'to', type: 'address', value: RECIPIENT },
        { name: 'amount', type: 'uint256', value: '1000000' },
      ],
      problem: null,
    })
  })

  it('behavior: a MultiSend batch is expanded action by action; an unknown call shows its selector', () => {
    const batch = encodeFunctionData({
      abi: [
        {
          type: 'function',
          name: 'multiSend',
          inputs: [{ name: 'transactions', type: 'bytes' }],
          outputs: [],
          stateMutability: 'payable',
        },
      ],
      args: [
        encodeMultiSendTransactions([
          { to: TOKEN, value: 0n, data: transfer, operation: 0 },
          { to: RECIPIENT, value: 5n, data: '0xdeadbeef', operation: 0 },
        ]),
      ],
    })
    const call = decodeLocally({ to: SAFE, value: 0n, data: batch, operation: 1 })
    expect(call.method).toBe('multiSend')
    expect(call.problem).toBeNull()
    expect(call.actions.map((a) => [a.to, a.method ?? a.selector])).toEqual([
      [TOKEN, 'transfer'],
      [RECIPIENT, '0xdeadbeef'],
    ])
  })

  it('error: bytes after the call are reported', () => {
    const call = decodeLocally({ to: TOKEN, value: 0n, data: `${transfer}00` as Hex, operation: 0 })
    expect(call.problem).toBe(
      'Not exactly the call shown: 1 byte after the call that no parameter explains (0x00)',
    )
  })
})
