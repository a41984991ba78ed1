import { multiSendAbi, safeAbi } from '@concord/safe/contracts'
import {
  type Address,
  concat,
  encodeFunctionData,
  encodePacked,
  type Hex,
  parseAbi,
  toFunctionSelector,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { createAbiRegistry } from './abiRegistry.ts'
import { createDataDecoder } from './decodeData.ts'
import { unpackMultiSend } from './multiSend.ts'

const erc20 = parseAbi([
  'function transfer(address to, uint256 value)',
  'function approve(address spender, uint256 value)',
])
const erc721 = parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)'])

const SPENDER = '0xae9844F89D98c150F5e61bfC676D68b492155990'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SENTINEL = '0x0000000000000000000000000000000000000001'
const ZERO = '0x0000000000000000000000000000000000000000'

const decoder = createDataDecoder()

const packCall = (operation: 0 | 1, to: Address, value: bigint, data: Hex) =>
  encodePacked(
    ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
    [operation, to, value, BigInt((data.length - 2) / 2), data],
  )

describe('createDataDecoder', () => {
  it('ERC20 approve: the SDK e2e expectation (checksummed address, decimal value) plus accuracy', () => {
    const data = encodeFunctionData({
      abi: erc20,
      functionName: 'approve',
      args: [SPENDER.toLowerCase() as Address, 500000000000000n],
    })
    const decoded = decoder.decode(data, TOKEN)
    expect(decoded).not.toBeNull()
    const { accuracy, ...rest } = decoded ?? { accuracy: null }
    expect(accuracy).toBe('FULL_MATCH')
    expect(rest).toStrictEqual({
      method: 'approve',
      parameters: [
        { name: 'spender', type: 'address', value: SPENDER },
        { name: 'value', type: 'uint256', value: '500000000000000' },
      ],
    })
  })

  it('ERC20 transfer, with or without `to`, any-case hex', () => {
    const data = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [BOB, 10n ** 24n] })
    const expected = {
      method: 'transfer',
      parameters: [
        { name: 'to', type: 'address', value: BOB },
        { name: 'value', type: 'uint256', value: '1000000000000000000000000' },
      ],
      accuracy: 'FULL_MATCH',
    }
    expect(decoder.decode(data, TOKEN)).toStrictEqual(expected)
    expect(decoder.decode(data)).toStrictEqual(expected)
    expect(decoder.decode(`0x${data.slice(2).toUpperCase()}`)).toStrictEqual(expected)
  })

  it('ERC721 safeTransferFrom with data, and the demo collectible mint', () => {
    const data = encodeFunctionData({
      abi: erc721,
      functionName: 'safeTransferFrom',
      args: [ALICE, BOB, 7n, '0xbeef'],
    })
    expect(decoder.decode(data)).toStrictEqual({
      method: 'safeTransferFrom',
      parameters: [
        { name: 'from', type: 'address', value: ALICE },
        { name: 'to', type: 'address', value: BOB },
        { name: 'tokenId', type: 'uint256', value: '7' },
        { name: 'data', type: 'bytes', value: '0xbeef' },
      ],
      accuracy: 'FULL_MATCH',
    })
    const mint = encodeFunctionData({
      abi: parseAbi(['function mint(address to)']),
      functionName: 'mint',
      args: [ALICE],
    })
    expect(decoder.decode(mint)?.method).toBe('mint')
  })

  it('Safe settings changes: addOwnerWithThreshold and swapOwner', () => {
    const add = encodeFunctionData({ abi: safeAbi, functionName: 'addOwnerWithThreshold', args: [BOB, 2n] })
    expect(decoder.decode(add)).toStrictEqual({
      method: 'addOwnerWithThreshold',
      parameters: [
        { name: 'owner', type: 'address', value: BOB },
        { name: '_threshold', type: 'uint256', value: '2' },
      ],
      accuracy: 'FULL_MATCH',
    })
    const swap = encodeFunctionData({ abi: safeAbi, functionName: 'swapOwner', args: [SENTINEL, ALICE, BOB] })
    expect(decoder.decode(swap)).toStrictEqual({
      method: 'swapOwner',
      parameters: [
        { name: 'prevOwner', type: 'address', value: SENTINEL },
        { name: 'oldOwner', type: 'address', value: ALICE },
        { name: 'newOwner', type: 'address', value: BOB },
      ],
      accuracy: 'FULL_MATCH',
    })
  })

  it('Safe execTransaction: every parameter, the inner data left as hex', () => {
    const inner = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [BOB, 1n] })
    const data = encodeFunctionData({
      abi: safeAbi,
      functionName: 'execTransaction',
      args: [TOKEN, 0n, inner, 0, 0n, 0n, 0n, ZERO, ZERO, '0x1234'],
    })
    const decoded = decoder.decode(data)
    expect(decoded?.method).toBe('execTransaction')
    expect(decoded?.parameters).toStrictEqual([
      { name: 'to', type: 'address', value: TOKEN },
      { name: 'value', type: 'uint256', value: '0' },
      { name: 'data', type: 'bytes', value: inner },
      { name: 'operation', type: 'uint8', value: '0' },
      { name: 'safeTxGas', type: 'uint256', value: '0' },
      { name: 'baseGas', type: 'uint256', value: '0' },
      { name: 'gasPrice', type: 'uint256', value: '0' },
      { name: 'gasToken', type: 'address', value: ZERO },
      { name: 'refundReceiver', type: 'address', value: ZERO },
      { name: 'signatures', type: 'bytes', value: '0x1234' },
    ])
  })

  it('multiSend: an ERC20 transfer and a plain ETH send, unpacked into valueDecoded', () => {
    const transfer = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [BOB, 5n] })
    const transactions = concat([packCall(0, TOKEN, 0n, transfer), packCall(0, ALICE, 10n ** 18n, '0x')])
    const data = encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [transactions] })

    const decoded = decoder.decode(data)
    expect(decoded?.method).toBe('multiSend')
    expect(decoded?.accuracy).toBe('FULL_MATCH')
    expect(decoded?.parameters).toHaveLength(1)
    const param = decoded?.parameters?.[0]
    expect(param?.name).toBe('transactions')
    expect(param?.type).toBe('bytes')
    expect(param?.value).toBe(transactions)
    const txs = param?.valueDecoded
    expect(Array.isArray(txs) && txs.length).toBe(2)
    if (!Array.isArray(txs)) throw new Error('no valueDecoded')

    expect(txs[0]?.operation).toBe(0)
    expect(txs[0]?.to).toBe(TOKEN)
    expect(txs[0]?.value).toBe('0')
    expect(txs[0]?.data).toBe(transfer)
    expect(txs[0]?.dataDecoded).toStrictEqual({
      method: 'transfer',
      parameters: [
        { name: 'to', type: 'address', value: BOB },
        { name: 'value', type: 'uint256', value: '5' },
      ],
    })

    expect(txs[1]?.operation).toBe(0)
    expect(txs[1]?.to).toBe(ALICE)
    expect(txs[1]?.value).toBe('1000000000000000000')
    expect(txs[1]?.data).toBeNull()
    expect(txs[1]?.dataDecoded).toBeNull()
  })

  it('multiSend: a delegate-called nested batch and an unknown call inside', () => {
    const inner = concat([packCall(0, ALICE, 1n, '0x')])
    const innerCall = encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [inner] })
    const outer = concat([packCall(1, TOKEN, 0n, innerCall), packCall(0, BOB, 0n, '0xdeadbeef')])
    const data = encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [outer] })
    const txs = decoder.decode(data)?.parameters?.[0]?.valueDecoded
    if (!Array.isArray(txs)) throw new Error('no valueDecoded')
    expect(txs[0]?.operation).toBe(1)
    const nested = txs[0]?.dataDecoded?.parameters?.[0]?.valueDecoded
    expect(nested).toStrictEqual([{ operation: 0, to: ALICE, value: '1', data: null, dataDecoded: null }])
    expect(txs[1]).toStrictEqual({ operation: 0, to: BOB, value: '0', data: '0xdeadbeef', dataDecoded: null })
  })

  it('multiSend with a malformed packing: decoded, valueDecoded null', () => {
    const data = encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: ['0x0012'] })
    const decoded = decoder.decode(data)
    expect(decoded?.parameters?.[0]).toStrictEqual({
      name: 'transactions',
      type: 'bytes',
      value: '0x0012',
      valueDecoded: null,
    })
  })

  it.each([
    ['empty data', '0x'],
    ['unknown selector', '0x12345678'],
    ['unknown selector with arguments', `0x12345678${'00'.repeat(64)}`],
    [
      'truncated arguments',
      encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [BOB, 1n] }).slice(0, 40),
    ],
    ['not hex', '0xzz'],
    ['odd length', '0xa9059cbb0'],
    ['no prefix', 'a9059cbb'],
  ])('%s: null', (_, data) => {
    expect(decoder.decode(data)).toBeNull()
  })

  it('tuples, nested arrays, bool, bytes32 and string from an operator ABI', () => {
    const abi = parseAbi([
      'function batch((address to, uint256 amount)[] items, uint8[2][] grid, (bool, string) pair, bytes32 tag)',
    ])
    const tag = `0x${'ab'.repeat(32)}` as Hex
    const data = encodeFunctionData({
      abi,
      functionName: 'batch',
      args: [[{ to: BOB.toLowerCase() as Address, amount: 3n }], [[1, 2]], [true, 'hi'], tag],
    })
    expect(createDataDecoder({ extraAbis: [{ abi }] }).decode(data)?.parameters).toStrictEqual([
      { name: 'items', type: '(address,uint256)[]', value: [[BOB, '3']] },
      { name: 'grid', type: 'uint8[2][]', value: [['1', '2']] },
      { name: 'pair', type: '(bool,string)', value: ['true', 'hi'] },
      { name: 'tag', type: 'bytes32', value: tag },
    ])
  })

  it('operator ABIs: one bound to an address wins there; an unbound one never shadows a built-in', () => {
    const data = encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [BOB, 1n] })
    const custom = createDataDecoder({
      extraAbis: [
        { abi: ['function transfer(address unboundTo, uint256 unboundValue)'] },
        { address: TOKEN.toLowerCase(), abi: ['transfer(address recipient, uint256 amount)'] },
      ],
    })
    const names = (to?: Address) => custom.decode(data, to)?.parameters?.map((p) => p.name)
    expect(names(TOKEN)).toEqual(['recipient', 'amount'])
    expect(names(ALICE)).toEqual(['to', 'value'])
    expect(names()).toEqual(['to', 'value'])
  })

  it('operator ABIs: JSON items and new selectors', () => {
    const custom = createDataDecoder({
      extraAbis: [
        {
          abi: [
            {
              type: 'function',
              name: 'deposit',
              stateMutability: 'payable',
              inputs: [{ name: 'receiver', type: 'address' }],
              outputs: [],
            },
            { type: 'event', name: 'Deposit', inputs: [] },
          ],
        },
      ],
    })
    const data = encodeFunctionData({
      abi: parseAbi(['function deposit(address receiver)']),
      functionName: 'deposit',
      args: [ALICE],
    })
    expect(custom.decode(data)).toStrictEqual({
      method: 'deposit',
      parameters: [{ name: 'receiver', type: 'address', value: ALICE }],
      accuracy: 'FULL_MATCH',
    })
    expect(decoder.decode(data)).toBeNull()
  })
})

describe('unpackMultiSend', () => {
  const packed = concat([packCall(1, TOKEN, 2n, '0x01'), packCall(0, ALICE, 0n, '0x')])
  const calls = [
    { operation: 1, to: TOKEN, value: '2', data: '0x01' },
    { operation: 0, to: ALICE, value: '0', data: null },
  ]

  it('packed bytes or the whole multiSend calldata', () => {
    expect(unpackMultiSend(packed)).toStrictEqual(calls)
    const data = encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [packed] })
    expect(unpackMultiSend(data)).toStrictEqual(calls)
    expect(unpackMultiSend('0x')).toStrictEqual([])
  })

  it.each([
    ['truncated header', packed.slice(0, 100)],
    ['data longer than the rest', packed.slice(0, -2)],
    ['operation 2', `0x02${packed.slice(4)}`],
    ['not hex', '0xnope'],
  ])('%s: null', (_, hex) => {
    expect(unpackMultiSend(hex)).toBeNull()
  })
})

describe('abiRegistry', () => {
  it('knows the Safe, ERC20, ERC721 (both safeTransferFrom overloads), MultiSend and the demo mint', () => {
    const registry = createAbiRegistry()
    for (const signature of [
      'execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)',
      'setup(address[],uint256,address,bytes,address,address,uint256,address)',
      'changeThreshold(uint256)',
      'setFallbackHandler(address)',
      'transfer(address,uint256)',
      'transferFrom(address,address,uint256)',
      'safeTransferFrom(address,address,uint256)',
      'safeTransferFrom(address,address,uint256,bytes)',
      'setApprovalForAll(address,bool)',
      'multiSend(bytes)',
      'mint(address)',
    ])
      expect(registry.lookup(toFunctionSelector(signature))?.name, signature).toBe(signature.split('(')[0])
    expect(registry.lookup('0x12345678')).toBeUndefined()
  })

  it('createAbiRegistry: a bad operator ABI names the setting', () => {
    expect(() => createAbiRegistry([{ abi: ['nonsense here'] }])).toThrow(/^abis\.0\.abi\.0: /)
    expect(() => createAbiRegistry([{ address: '0x12', abi: ['function f()'] }])).toThrow(/^abis\.0\.address/)
  })
})
