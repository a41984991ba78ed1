import { encodeFunctionData, encodePacked, getAddress, parseAbi, size } from 'viem'
import { describe, expect, it } from 'vitest'
import { tokenTargets } from './tokenTargets.ts'

const abi = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function multiSend(bytes transactions)',
  'function mint(address to)',
])
const token = getAddress('0x00000000000000000000000000000000000000a1')
const other = getAddress('0x00000000000000000000000000000000000000b2')
const multiSend = getAddress('0x9641d764fc13c8B624c04430C7356C1C7C8102e2')
const transfer = encodeFunctionData({ abi, functionName: 'transfer', args: [other, 1n] })

const batch = (calls: { operation: 0 | 1; to: `0x${string}`; data: `0x${string}` }[]) =>
  encodeFunctionData({
    abi,
    functionName: 'multiSend',
    args: [
      `0x${calls
        .map((c) =>
          encodePacked(
            ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
            [c.operation, c.to, 0n, BigInt(size(c.data)), c.data],
          ).slice(2),
        )
        .join('')}`,
    ],
  })

describe('tokenTargets', () => {
  it('default: an ERC20 transfer names its token', () => {
    expect(tokenTargets({ to: token, data: transfer, operation: 0 })).toEqual([token])
  })

  it('args: transferFrom and approve too, not other calls', () => {
    const from = encodeFunctionData({ abi, functionName: 'transferFrom', args: [token, other, 1n] })
    const approve = encodeFunctionData({ abi, functionName: 'approve', args: [other, 1n] })
    const mint = encodeFunctionData({ abi, functionName: 'mint', args: [other] })
    expect(tokenTargets({ to: token, data: from, operation: 0 })).toEqual([token])
    expect(tokenTargets({ to: token, data: approve, operation: 0 })).toEqual([token])
    expect(tokenTargets({ to: token, data: mint, operation: 0 })).toEqual([])
    expect(tokenTargets({ to: token, data: null, operation: 0 })).toEqual([])
  })

  it('behavior: a delegatecall to a token moves none of it', () => {
    expect(tokenTargets({ to: token, data: transfer, operation: 1 })).toEqual([])
  })

  it('behavior: the calls of a MultiSend batch, nested batches included, once each', () => {
    const inner = batch([{ operation: 0, to: other, data: transfer }])
    const data = batch([
      { operation: 0, to: token, data: transfer },
      { operation: 0, to: other, data: '0x' },
      { operation: 1, to: multiSend, data: inner },
      { operation: 0, to: token, data: transfer },
    ])
    expect(tokenTargets({ to: multiSend, data, operation: 1 })).toEqual([token, other])
    // Called (not delegatecalled), MultiSend runs as itself: its calls are not the Safe's.
    expect(tokenTargets({ to: multiSend, data, operation: 0 })).toEqual([])
  })

  it('error: a malformed batch names nothing', () => {
    expect(tokenTargets({ to: multiSend, data: '0x8d80ff0a1234', operation: 1 })).toEqual([])
  })
})
