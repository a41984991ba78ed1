// Hostile calldata: self-nested MultiSend batches, huge plain calldata, many small calls and aliased ABI
// offsets. The decoder must answer quickly and with an answer bounded by a small multiple of the input.
import { multiSendAbi } from '@concord/safe/contracts'
import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  type Hex,
  parseAbi,
  toFunctionSelector,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { DECODE_BUDGET } from './decodeBudget.ts'
import { type BaseDataDecoded, createDataDecoder, MAX_DEPTH, type MultiSendTx } from './decodeData.ts'
import { isHexData } from './hex.ts'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const decoder = createDataDecoder()

const pack = (operation: 0 | 1, to: Address, data: Hex) =>
  encodePacked(
    ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
    [operation, to, 0n, BigInt((data.length - 2) / 2), data],
  )
const multiSend = (transactions: Hex) =>
  encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [transactions] })
const transfer = encodeFunctionData({
  abi: parseAbi(['function transfer(address to, uint256 value)']),
  functionName: 'transfer',
  args: [BOB, 1n],
})
/** A batch of `count` ERC20 transfers (154 bytes each packed). */
const transfers = (count: number) => concat(Array.from({ length: count }, () => pack(0, TOKEN, transfer)))

/** The answer's size must stay within the budget plus the JSON around it (keys, quotes, per-call objects). */
const expectBounded = (data: Hex, decoded: unknown) => {
  const size = JSON.stringify(decoded).length
  expect(size).toBeLessThan(2 * (data.length * DECODE_BUDGET.perInputChar + DECODE_BUDGET.floor))
  return size
}
const timed = <T>(run: () => T) => {
  const started = performance.now()
  const result = run()
  return { result, ms: performance.now() - started }
}
const batchOf = (decoded: BaseDataDecoded | null | undefined) =>
  decoded?.parameters?.[0]?.valueDecoded as MultiSendTx[] | null | undefined

describe('decoder: hostile input', () => {
  it('behavior: a 1 MiB batch nested in itself 30 times decodes quickly, deep levels left null', () => {
    let data = multiSend(transfers(6800)) // ~1 MiB
    for (let i = 0; i < 30; i++) data = multiSend(pack(1, TOKEN, data))
    const { result, ms } = timed(() => decoder.decode(data))
    expect(ms).toBeLessThan(3_000)
    expect(result?.method).toBe('multiSend')
    expectBounded(data, result)
    // Levels are decoded while the budget lasts; at most MAX_DEPTH levels, and never all 30.
    let level: BaseDataDecoded | null | undefined = result
    let depth = 0
    while (batchOf(level)?.[0]?.dataDecoded) {
      level = batchOf(level)?.[0]?.dataDecoded
      depth++
    }
    expect(depth).toBeGreaterThanOrEqual(1)
    expect(depth).toBeLessThanOrEqual(MAX_DEPTH)
  })

  it('behavior: a batch holding itself twice per level (doubling) stays bounded', () => {
    let data = multiSend(pack(0, TOKEN, transfer))
    while (data.length < 2 * 1024 * 1024)
      data = multiSend(concat([pack(1, TOKEN, data), pack(1, TOKEN, data)]))
    const { result, ms } = timed(() => decoder.decode(data))
    expect(ms).toBeLessThan(3_000)
    expect(result?.method).toBe('multiSend')
    expectBounded(data, result)
  })

  it('behavior: small nested batches are decoded to MAX_DEPTH whatever the budget', () => {
    let data = multiSend(pack(0, TOKEN, transfer))
    for (let i = 0; i < MAX_DEPTH + 2; i++) data = multiSend(pack(1, TOKEN, data))
    let level: BaseDataDecoded | null | undefined = decoder.decode(data)
    for (let depth = 0; depth < MAX_DEPTH; depth++) {
      level = batchOf(level)?.[0]?.dataDecoded
      expect(level?.method, `depth ${depth + 1}`).toBe('multiSend')
    }
    expect(batchOf(level)?.[0]?.dataDecoded).toBeNull()
  })

  it('behavior: many small calls (1 MiB of transfers) are all decoded', () => {
    const data = multiSend(transfers(6800))
    const { result, ms } = timed(() => decoder.decode(data))
    expect(ms).toBeLessThan(3_000)
    const batch = batchOf(result)
    expect(batch).toHaveLength(6800)
    expect(batch?.every((tx) => tx.dataDecoded?.method === 'transfer')).toBe(true)
    expectBounded(data, result)
  })

  it('behavior: 4 MiB of plain calldata decodes without overflowing the stack', () => {
    const data = `${transfer}${'ab'.repeat(4 * 1024 * 1024)}` as Hex
    const { result, ms } = timed(() => decoder.decode(data))
    expect(ms).toBeLessThan(3_000)
    expect(result?.method).toBe('transfer')
    expect(decoder.decode(`${data}0`)).toBeNull()
    expect(decoder.decode(`${data.slice(0, -2)}zz`)).toBeNull()
  })

  it('error: malformed multiSend calldata (bad offset, length past the end) is undecodable', () => {
    const data = multiSend(pack(0, TOKEN, transfer))
    expect(decoder.decode(data.slice(0, -64))).toBeNull() // length longer than the data left
    const badOffset = `${data.slice(0, 10)}${'f'.repeat(64)}${data.slice(74)}`
    expect(decoder.decode(badOffset)).toBeNull()
    // Trailing bytes after the argument are ignored, as viem does.
    expect(decoder.decode(`${data}${'00'.repeat(32)}`)?.method).toBe('multiSend')
  })

  it('behavior: aliased offsets (one blob referenced many times) leave the parameters null', () => {
    // bytes[] of 24 entries all pointing at the same 64 KiB blob: 24 × the input once decoded.
    const blob = `0x${'cd'.repeat(64 * 1024)}` as Hex
    const entries = 24
    const head = encodeAbiParameters([{ type: 'uint256' }], [32n]) // offset of the array
    const length = encodeAbiParameters([{ type: 'uint256' }], [BigInt(entries)])
    const offsets = Array.from({ length: entries }, () =>
      encodeAbiParameters([{ type: 'uint256' }], [BigInt(entries * 32)]),
    )
    const tail = encodeAbiParameters([{ type: 'bytes' }], [blob]).slice(66) as Hex // length + data
    const data = concat([toFunctionSelector('store(bytes[])'), head, length, ...offsets, `0x${tail}`])
    const custom = createDataDecoder({ extraAbis: [{ abi: ['function store(bytes[] items)'] }] })
    const result = custom.decode(data)
    expect(result).toStrictEqual({ method: 'store', parameters: null, accuracy: 'FULL_MATCH' })
  })
})

describe('isHexData', () => {
  it.each([
    ['0x', true],
    ['0xAbCd', true],
    ['0xabc', false],
    ['ab', false],
    ['0X12', false],
    ['0x1g', false],
    [`0x${'f'.repeat(8 * 1024 * 1024)}`, true],
    [`0x${'f'.repeat(8 * 1024 * 1024 - 1)}`, false],
  ])('%#', (value, expected) => {
    expect(isHexData(value)).toBe(expected)
  })
})
