import { describe, expect, it, vi } from 'vitest'
import { AppFacingError } from './protocol'
import {
  decodeAppMessage,
  inferPrimaryType,
  onChainSignCall,
  readSendTransactions,
  readSignMessage,
  readSignTypedMessage,
  signingMode,
  versionAtLeast,
} from './requests'
import { forwardRpc, readSafeSettings } from './rpc'

const TO = '0x000000000000000000000000000000000000dEaD'

describe('readSendTransactions', () => {
  it('default: values in decimal or hex, empty data as 0x, addresses checksummed, safeTxGas kept', () => {
    expect(
      readSendTransactions({
        txs: [
          { to: TO.toLowerCase(), value: '0x10', data: '' },
          { to: TO, value: '5', data: '0xabcd' },
        ],
        params: { safeTxGas: 50000 },
      }),
    ).toEqual({
      calls: [
        { to: TO, value: 16n, data: '0x', operation: 0 },
        { to: TO, value: 5n, data: '0xabcd', operation: 0 },
      ],
      safeTxGas: 50000n,
    })
  })
  it('error: each problem named with its index', () => {
    expect(() => readSendTransactions({ txs: [] })).toThrow('No transactions were passed')
    expect(() => readSendTransactions({ txs: [{ to: 'nope', value: '0', data: '0x' }] })).toThrow(
      'Invalid transaction #0: "to" is not an address',
    )
    expect(() => readSendTransactions({ txs: [{ to: TO, value: '1.5', data: '0x' }] })).toThrow(
      AppFacingError,
    )
    expect(() => readSendTransactions({ txs: [{ to: TO, value: '1', data: '0xabc' }] })).toThrow('"data"')
  })
})

describe('messages', () => {
  it('default: UTF-8 hex is decoded, other hex and text kept verbatim', () => {
    expect(decodeAppMessage('0x68656c6c6f')).toBe('hello')
    expect(decodeAppMessage(`0x${'ff'.repeat(32)}`)).toBe(`0x${'ff'.repeat(32)}`)
    expect(decodeAppMessage('hello')).toBe('hello')
    expect(readSignMessage({ message: '0x68656c6c6f' })).toBe('hello')
  })
  it('default: typed data with its primaryType inferred and a string chainId made a number', () => {
    const types = { Mail: [{ name: 'to', type: 'Person' }], Person: [{ name: 'name', type: 'string' }] }
    expect(inferPrimaryType(types)).toBe('Mail')
    expect(
      readSignTypedMessage({
        typedData: { domain: { chainId: '1' }, types, message: { to: { name: 'a' } } },
      }),
    ).toMatchObject({ primaryType: 'Mail', domain: { chainId: 1 } })
  })
  it('error: the SDK texts for bad typed data', () => {
    expect(() => readSignTypedMessage({ typedData: { types: {} } })).toThrow('Invalid typed data')
    const twoRoots = { A: [{ name: 'a', type: 'uint8' }], B: [{ name: 'b', type: 'uint8' }] }
    expect(() => readSignTypedMessage({ typedData: { domain: {}, types: twoRoots, message: {} } })).toThrow(
      'Please specify primaryType',
    )
  })
})

describe('signingMode', () => {
  const base = {
    safeVersion: '1.4.1+L2',
    fallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
    chainFeatures: ['EIP1271'],
    sdkVersion: '9.1.0',
    offChainSetting: true,
  }
  it('default: off-chain when the chain, the Safe, the SDK and the app allow it', () => {
    expect(signingMode(base)).toBe('offChain')
    expect(signingMode({ ...base, sdkVersion: undefined })).toBe('offChain')
  })
  it('behavior: on-chain otherwise', () => {
    expect(signingMode({ ...base, sdkVersion: '7.10.9' })).toBe('onChain')
    expect(signingMode({ ...base, sdkVersion: 'banana' })).toBe('onChain')
    expect(signingMode({ ...base, offChainSetting: false })).toBe('onChain')
    expect(signingMode({ ...base, chainFeatures: [] })).toBe('onChain')
    expect(signingMode({ ...base, fallbackHandler: null })).toBe('onChain')
    expect(versionAtLeast('7.11.0', '7.11.0')).toBe(true)
    expect(versionAtLeast('10.0.0', '7.11.0')).toBe(true)
  })
  it('default: on-chain signing is a DELEGATECALL to SignMessageLib', () => {
    const call = onChainSignCall('1.4.1', `0x${'11'.repeat(32)}`)
    expect(call).toMatchObject({ to: '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9', operation: 1 })
    expect(call.data.startsWith('0x85a5affe')).toBe(true)
  })
})

describe('rpc', () => {
  it('default: read methods are forwarded, their raw result returned', async () => {
    const fetchFn = vi.fn(async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: '0x10' })))
    expect(await forwardRpc('http://node', { call: 'eth_blockNumber', params: [] }, fetchFn as any)).toBe(
      '0x10',
    )
  })
  it('error: writing methods are refused before any request; node errors keep their message', async () => {
    const fetchFn = vi.fn(
      async () =>
        new Response(
          JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: 3, message: 'execution reverted' } }),
        ),
    )
    await expect(
      forwardRpc('http://node', { call: 'eth_sendTransaction', params: [] }, fetchFn as any),
    ).rejects.toThrow('RPC method not allowed: eth_sendTransaction')
    expect(fetchFn).not.toHaveBeenCalled()
    await expect(forwardRpc('http://node', { call: 'eth_call', params: [] }, fetchFn as any)).rejects.toThrow(
      'execution reverted',
    )
  })
  it('default: safe_setSettings keeps only offChainSigning', () => {
    expect(readSafeSettings([{ offChainSigning: false, x: 1 }], { offChainSigning: true })).toEqual({
      offChainSigning: false,
    })
  })
})
