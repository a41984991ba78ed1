// `npm run bench:decoder [maxKiB]`: the data decoder's worst cases against their input size.
// For inputs of 64 KiB doubling up to 1 MiB (or maxKiB), times decode + JSON answer (median of 7 runs after a
// warm-up) for: a MultiSend nested in itself twice per level, one nested 30 levels deep, plain calldata
// carrying one huge `bytes`, and a batch of many small ERC20 transfers. Prints ms per size, µs per KiB and
// how much time grows when the input grows (the same factor means linear). No network, no chain.

import { multiSendAbi, safeAbi } from '@concord/safe/contracts'
import { concat, encodeFunctionData, encodePacked, type Hex, parseAbi, zeroAddress } from 'viem'
import { createDataDecoder } from '../apps/gateway/src/modules/dataDecoder/decodeData.ts'

const maxKiB = Number(process.argv[2] ?? 1024)
const sizes: number[] = []
for (let kib = 64; kib <= maxKiB; kib *= 2) sizes.push(kib * 1024)

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const pack = (operation: 0 | 1, data: Hex) =>
  encodePacked(
    ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
    [operation, TOKEN, 0n, BigInt((data.length - 2) / 2), data],
  )
const multiSend = (transactions: Hex) =>
  encodeFunctionData({ abi: multiSendAbi, functionName: 'multiSend', args: [transactions] })
const transfer = encodeFunctionData({
  abi: parseAbi(['function transfer(address to, uint256 value)']),
  functionName: 'transfer',
  args: [TOKEN, 1n],
})
const PACKED_TRANSFER = (transfer.length - 2) / 2 + 85
const transfers = (bytes: number) =>
  concat(Array.from({ length: Math.max(1, Math.floor(bytes / PACKED_TRANSFER)) }, () => pack(0, transfer)))

/** Inputs of about `size` bytes for each case. */
const cases: Record<string, (size: number) => Hex> = {
  'self-nested, doubling': (size) => {
    // 8 levels, each holding the level below twice: 256 leaf batches of transfers.
    let data = multiSend(transfers(size / 256))
    for (let level = 0; level < 8; level++) data = multiSend(concat([pack(1, data), pack(1, data)]))
    return data
  },
  'self-nested, 30 deep': (size) => {
    let data = multiSend(transfers(size))
    for (let level = 0; level < 30; level++) data = multiSend(pack(1, data))
    return data
  },
  'plain calldata': (size) =>
    encodeFunctionData({
      abi: safeAbi,
      functionName: 'execTransaction',
      args: [TOKEN, 0n, `0x${'ab'.repeat(size)}`, 0, 0n, 0n, 0n, zeroAddress, zeroAddress, '0x'],
    }),
  'many small calls': (size) => multiSend(transfers(size)),
}

const decoder = createDataDecoder()
const run = (data: Hex) => {
  const started = performance.now()
  const answer = JSON.stringify(decoder.decode(data))
  return { ms: performance.now() - started, answer: answer.length }
}

const kib = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes / 1024} KiB`)
console.log(`data decoder, decode + JSON answer, median of 7 runs (Node ${process.version})`)
for (const [name, build] of Object.entries(cases)) {
  console.log(`\n${name}`)
  let previous: { ms: number; bytes: number } | undefined
  for (const size of sizes) {
    const data = build(size)
    const inputBytes = (data.length - 2) / 2
    run(data)
    const runs = Array.from({ length: 7 }, () => run(data)).sort((a, b) => a.ms - b.ms)
    const { ms, answer } = runs[3] as { ms: number; answer: number }
    // Time growth over input growth: about 1 when the cost is linear in the input.
    const growth =
      previous === undefined
        ? ''
        : `  time ×${(ms / previous.ms).toFixed(2)} for input ×${(inputBytes / previous.bytes).toFixed(2)}`
    console.log(
      `  ${kib(size).padStart(8)} (${inputBytes} B): ${ms.toFixed(1).padStart(7)} ms, ` +
        `${((ms * 1000) / (inputBytes / 1024)).toFixed(1).padStart(6)} µs/KiB, ` +
        `answer ${(answer / data.length).toFixed(2)}× the hex${growth}`,
    )
    previous = { ms, bytes: inputBytes }
  }
}
