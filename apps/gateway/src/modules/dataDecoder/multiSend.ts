// MultiSend's packed `transactions` bytes: per call an operation uint8, a `to` address, a value uint256, a
// data length uint256 and the data. Read by offsets into the one string, so a batch is never re-copied whole.
import { type Address, getAddress, type Hex } from 'viem'
import { isHexData } from './hex.ts'

/** One call of a MultiSend batch as packed on chain. */
export type MultiSendCall = {
  operation: 0 | 1
  to: Address
  /** Wei, decimal. */
  value: string
  /** null when the call carries no data. */
  data: Hex | null
}

export const MULTI_SEND_SELECTOR = '0x8d80ff0a'
/** Characters of one packed call's header (1 + 20 + 32 + 32 bytes). */
const HEADER = (1 + 20 + 32 + 32) * 2

/**
 * Unpacks MultiSend's `transactions` bytes, or a whole `multiSend(bytes)` calldata (any case). Null when the
 * encoding is malformed.
 */
export function unpackMultiSend(hex: string): MultiSendCall[] | null {
  if (!isHexData(hex)) return null
  const lower = hex.toLowerCase()
  // A packed batch starts with an operation byte (00/01), so a selector prefix is unambiguous.
  if (lower.startsWith(MULTI_SEND_SELECTOR)) {
    const range = bytesArgument(lower, MULTI_SEND_SELECTOR.length)
    return range && unpackRange(lower, range.start, range.end)
  }
  return unpackRange(lower, 2, lower.length)
}

/**
 * Unpacks the calls packed in `hex[start, end)` (lower-case hex digits, no `0x`). `data` of each call is the
 * only copy made: it is part of the answer anyway.
 */
export function unpackRange(hex: string, start: number, end: number): MultiSendCall[] | null {
  const calls: MultiSendCall[] = []
  let i = start
  while (i < end) {
    if (end - i < HEADER) return null
    const operation = Number.parseInt(hex.slice(i, i + 2), 16)
    if (operation !== 0 && operation !== 1) return null
    const to = getAddress(`0x${hex.slice(i + 2, i + 42)}`)
    const value = BigInt(`0x${hex.slice(i + 42, i + 106)}`).toString()
    const length = BigInt(`0x${hex.slice(i + 106, i + HEADER)}`)
    i += HEADER
    if (length * 2n > BigInt(end - i)) return null
    const dataEnd = i + Number(length) * 2
    calls.push({ operation, to, value, data: dataEnd > i ? `0x${hex.slice(i, dataEnd)}` : null })
    i = dataEnd
  }
  return calls
}

/**
 * Where the single `bytes` argument of ABI-encoded calldata lies: `args` is the index of the first argument
 * character (after the selector). Returns [start, end) in characters, or null when out of bounds.
 */
export function bytesArgument(hex: string, args: number): { start: number; end: number } | null {
  const offset = word(hex, args)
  if (offset === undefined) return null
  const at = args + Number(offset) * 2
  const length = offset <= BigInt(hex.length) ? word(hex, at) : undefined
  if (length === undefined || length * 2n > BigInt(hex.length - at - 64)) return null
  return { start: at + 64, end: at + 64 + Number(length) * 2 }
}

const word = (hex: string, at: number): bigint | undefined =>
  at + 64 <= hex.length ? BigInt(`0x${hex.slice(at, at + 64)}`) : undefined
