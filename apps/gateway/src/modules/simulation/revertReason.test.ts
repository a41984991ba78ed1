import { encodeErrorResult, getAddress, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeRevertReason } from './revertReason.ts'

const abi = parseAbi([
  'error Error(string)',
  'error Panic(uint256)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error Unauthorized(address caller)',
])
const holder = getAddress('0x00000000000000000000000000000000000000aa')

describe('decodeRevertReason', () => {
  it('default: Error(string) is its text', () => {
    const data = encodeErrorResult({ abi, errorName: 'Error', args: ['GS013'] })
    expect(decodeRevertReason(data)).toBe('GS013')
  })

  it('args: Panic(uint256) names the code', () => {
    const data = encodeErrorResult({ abi, errorName: 'Panic', args: [0x11n] })
    expect(decodeRevertReason(data)).toBe('Panic(0x11): arithmetic overflow or underflow')
    expect(decodeRevertReason(encodeErrorResult({ abi, errorName: 'Panic', args: [0x99n] }))).toBe(
      'Panic(0x99): unknown panic code',
    )
  })

  it('args: an ERC-6093 token error with its arguments', () => {
    const data = encodeErrorResult({ abi, errorName: 'ERC20InsufficientBalance', args: [holder, 5n, 7n] })
    expect(decodeRevertReason(data)).toBe(
      `ERC20InsufficientBalance(sender: ${holder}, balance: 5, needed: 7)`,
    )
  })

  it('behavior: an unknown custom error by its selector', () => {
    const data = encodeErrorResult({ abi, errorName: 'Unauthorized', args: [holder] })
    expect(decodeRevertReason(data)).toBe(`Custom error ${data.slice(0, 10)}`)
  })

  it('behavior: no data is no reason', () => {
    expect(decodeRevertReason('0x')).toBeNull()
  })

  it('error: data too short or malformed is still named', () => {
    expect(decodeRevertReason('0x08c3')).toBe('Reverted with 0x08c3')
    // Error(string)'s selector with an argument that does not decode.
    expect(decodeRevertReason('0x08c379a0ff')).toBe('Custom error 0x08c379a0')
  })
})
