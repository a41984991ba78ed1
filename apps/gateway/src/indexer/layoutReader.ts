// Reads an event's arguments straight from a log's hex when the log is laid out exactly the way Solidity encodes
// it: every offset where the compiler puts it, no byte to spare, addresses and small integers zero-padded. That
// is every log a Safe emits, and it costs a few string slices instead of viem's generic decoding (hex to bytes,
// a selector hash and a cursor per log: ~20 µs, most of a backfill's decoding). Anything else comes back
// undefined and is left to viem, so both always agree: on such a layout viem decodes exactly these values
// (layoutReader.test.ts checks it on random, recorded and malformed logs).
import type { AbiEvent } from 'viem'
import { checksum } from './checksum.ts'

export type DecodedLog = { eventName: string; args: Record<string, unknown> }
/** The log's event, or undefined when the log is not in the canonical layout (then ask viem). */
export type LayoutReader = (topics: readonly string[], data: string) => DecodedLog | undefined

/** Reads one 32-byte word at hex position `at` (characters, after `0x`); undefined when not canonical. */
type WordReader = (hex: string, at: number) => unknown

const PADDING = '0'.repeat(64)

const address: WordReader = (hex, at) =>
  hex.startsWith(PADDING.slice(0, 24), at) ? checksum(`0x${hex.slice(at + 24, at + 64)}`) : undefined
const bigUint: WordReader = (hex, at) => BigInt(`0x${hex.slice(at, at + 64)}`)
/** uint8 to uint48: viem returns a number; canonical encodings fit in the last 12 hex digits. */
const smallUint: WordReader = (hex, at) =>
  hex.startsWith(PADDING.slice(0, 52), at) ? Number.parseInt(hex.slice(at + 52, at + 64), 16) : undefined
const bytes32: WordReader = (hex, at) => `0x${hex.slice(at, at + 64)}`

function wordReader(type: string): WordReader | undefined {
  if (type === 'address') return address
  if (type === 'bytes32') return bytes32
  const uint = /^uint(\d*)$/.exec(type)
  if (uint) return Number(uint[1] || 256) > 48 ? bigUint : smallUint
  return undefined
}

/** An offset or length word as a number, if it is a small one (anything larger cannot fit in a log). */
const smallNumber = (hex: string, at: number) =>
  hex.startsWith(PADDING.slice(0, 56), at) ? Number.parseInt(hex.slice(at + 56, at + 64), 16) : undefined

/**
 * A dynamic value whose content starts at byte `start` of the data: its value and the byte where the next one
 * starts, or undefined.
 */
type TailReader = (hex: string, start: number) => { value: unknown; end: number } | undefined

/** The length word at `start`, if the data holds it and it is a small number. */
const lengthAt = (hex: string, start: number) =>
  (start + 32) * 2 + 2 <= hex.length ? smallNumber(hex, 2 + start * 2) : undefined

const bytes: TailReader = (hex, start) => {
  const length = lengthAt(hex, start)
  if (length === undefined) return undefined
  const from = 2 + (start + 32) * 2
  return { value: `0x${hex.slice(from, from + length * 2)}`, end: start + 32 + Math.ceil(length / 32) * 32 }
}

function arrayReader(element: WordReader): TailReader {
  return (hex, start) => {
    const length = lengthAt(hex, start)
    if (length === undefined || (start + 32 + length * 32) * 2 + 2 > hex.length) return undefined
    const value: unknown[] = []
    for (let i = 0; i < length; i++) {
      const item = element(hex, 2 + (start + 32 + i * 32) * 2)
      if (item === undefined) return undefined
      value.push(item)
    }
    return { value, end: start + 32 + length * 32 }
  }
}

function tailReader(type: string): TailReader | undefined {
  if (type === 'bytes') return bytes
  const element = type.endsWith('[]') ? wordReader(type.slice(0, -2)) : undefined
  return element && arrayReader(element)
}

type Field = { name: string; word?: WordReader; tail?: TailReader }

/** The reader of an event layout, or undefined for a layout with types it does not read (viem decodes those). */
export function layoutReader(event: AbiEvent): LayoutReader | undefined {
  const field = (p: AbiEvent['inputs'][number]): Field | undefined => {
    const word = wordReader(p.type)
    const tail = p.indexed ? undefined : tailReader(p.type)
    return p.name && (word || tail) ? { name: p.name, word, tail } : undefined
  }
  const indexed = event.inputs.filter((p) => p.indexed).map(field)
  const fields = event.inputs.filter((p) => !p.indexed).map(field)
  if (indexed.includes(undefined) || fields.includes(undefined)) return undefined
  const topicFields = indexed as Field[]
  const dataFields = fields as Field[]
  const headBytes = dataFields.length * 32

  return (topics, rawData) => {
    if (topics.length !== topicFields.length + 1) return undefined
    const args: Record<string, unknown> = {}
    for (const [i, { name, word }] of topicFields.entries()) {
      const topic = (topics[i + 1] as string).toLowerCase()
      const value = topic.length === 66 ? word?.(topic, 2) : undefined
      if (value === undefined) return undefined
      args[name] = value
    }
    // viem ignores the data of a layout with no data fields.
    if (!dataFields.length) return { eventName: event.name, args }
    const data = rawData.toLowerCase()
    if (!data.startsWith('0x') || (data.length - 2) % 64 !== 0 || data.length < 2 + headBytes * 2)
      return undefined
    // Dynamic values follow the head in order, each where the previous one ended.
    let tail = headBytes
    for (const [i, { name, word, tail: readTail }] of dataFields.entries()) {
      const at = 2 + i * 64
      if (word) {
        const value = word(data, at)
        if (value === undefined) return undefined
        args[name] = value
        continue
      }
      if (smallNumber(data, at) !== tail) return undefined
      const read = readTail?.(data, tail)
      if (!read || read.end * 2 + 2 > data.length) return undefined
      args[name] = read.value
      tail = read.end
    }
    return tail * 2 + 2 === data.length ? { eventName: event.name, args } : undefined
  }
}
