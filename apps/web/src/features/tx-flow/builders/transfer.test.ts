import { decodeFunctionData, parseAbi } from 'viem'
import { describe, expect, it } from 'vitest'
import { buildNftTransfer, buildTokenTransfer, NATIVE_TOKEN } from './transfer'

const SAFE = '0x1111111111111111111111111111111111111111'
const TOKEN = '0x2222222222222222222222222222222222222222'
const RECIPIENT = '0x3333333333333333333333333333333333333333'

describe('buildTokenTransfer', () => {
  it('default: the native coin is a plain value transfer to the recipient', () => {
    expect(buildTokenTransfer({ token: NATIVE_TOKEN, recipient: RECIPIENT, amount: 5n })).toEqual({
      to: RECIPIENT,
      value: 5n,
      data: '0x',
      operation: 0,
    })
  })

  it('behavior: an ERC20 is transfer(recipient, amount) on the token, without value', () => {
    const call = buildTokenTransfer({ token: TOKEN, recipient: RECIPIENT, amount: 1_000_000n })
    expect(call).toMatchObject({ to: TOKEN, value: 0n, operation: 0 })
    expect(call.data).toBe(
      '0xa9059cbb000000000000000000000000333333333333333333333333333333333333333300000000000000000000000000000000000000000000000000000000000f4240',
    )
  })
})

describe('buildNftTransfer', () => {
  it('default: safeTransferFrom(safe, recipient, tokenId) on the collection', () => {
    const call = buildNftTransfer({ safe: SAFE, collection: TOKEN, recipient: RECIPIENT, tokenId: 4n })
    expect(call).toMatchObject({ to: TOKEN, value: 0n, operation: 0 })
    expect(call.data.slice(0, 10)).toBe('0x42842e0e')
    const decoded = decodeFunctionData({
      abi: parseAbi(['function safeTransferFrom(address from, address to, uint256 tokenId)']),
      data: call.data,
    })
    expect(decoded.args).toEqual([SAFE, RECIPIENT, 4n])
  })
})
