// The layout readers against viem's decodeEventLog, on every Safe and factory event layout: canonical logs are
// read to the same values, and a log bent out of the canonical layout is either still read the same or left to
// viem (never read to something else).
import { proxyCreationLayouts, safeEventLayouts } from '@concord/safe/versions'
import fc from 'fast-check'
import {
  type AbiEvent,
  decodeEventLog,
  encodeAbiParameters,
  encodeEventTopics,
  getAddress,
  type Hex,
  toHex,
} from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeSafeEvent, decodeSafeEventByViem, type RawLog } from './events.ts'
import recorded from './fixtures/safe-logs.json' with { type: 'json' }
import { layoutReader } from './layoutReader.ts'

const layouts = [...safeEventLayouts(), ...proxyCreationLayouts()]
const hexBytes = (min: number, max: number) =>
  fc.uint8Array({ minLength: min, maxLength: max }).map((b) => toHex(b))

function argumentOf(type: string): fc.Arbitrary<unknown> {
  if (type === 'address') return hexBytes(20, 20).map((h) => getAddress(h))
  if (type === 'bytes32') return hexBytes(32, 32)
  if (type === 'bytes') return hexBytes(0, 200)
  if (type === 'uint8') return fc.integer({ min: 0, max: 255 })
  if (type === 'uint256') return fc.bigInt({ min: 0n, max: 2n ** 256n - 1n })
  if (type.endsWith('[]')) return fc.array(argumentOf(type.slice(0, -2)), { maxLength: 5 })
  throw new Error(`no arbitrary for ${type}`)
}

/** A log of `event` with random arguments, as a node returns it. */
function logOf(event: AbiEvent): fc.Arbitrary<{ topics: Hex[]; data: Hex }> {
  return fc.tuple(...event.inputs.map((p) => argumentOf(p.type))).map((values) => {
    const args = Object.fromEntries(event.inputs.map((p, i) => [p.name, values[i]]))
    const topics = encodeEventTopics({ abi: [event], args } as never) as Hex[]
    const plain = event.inputs.filter((p) => !p.indexed)
    const data = plain.length
      ? encodeAbiParameters(
          plain,
          plain.map((p) => args[p.name as string]),
        )
      : '0x'
    return { topics, data }
  })
}

const byViem = (event: AbiEvent, log: { topics: Hex[]; data: Hex }) => {
  try {
    return decodeEventLog({ abi: [event], topics: log.topics as [Hex], data: log.data, strict: true })
  } catch {
    return undefined
  }
}

/** The data with one of its bytes changed, cut short, grown by a word, or in capitals. */
const bent = (data: Hex) =>
  fc.oneof(
    fc.record({ at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) }).map(({ at, byte }) => {
      if (data.length <= 2) return data
      const i = 2 + (at % ((data.length - 2) / 2)) * 2
      return `${data.slice(0, i)}${byte.toString(16).padStart(2, '0')}${data.slice(i + 2)}` as Hex
    }),
    fc.nat({ max: 96 }).map((cut) => data.slice(0, Math.max(2, data.length - cut * 2)) as Hex),
    fc.constant(`${data}${'00'.repeat(32)}` as Hex),
    fc.constant(data.toUpperCase().replace('0X', '0x') as Hex),
  )

describe('layout readers', () => {
  it('read every Safe and factory layout', () => {
    for (const event of layouts) expect(layoutReader(event), event.name).toBeDefined()
  })

  it.each(
    layouts.map((e) => [`${e.name}(${e.inputs.map((p) => `${p.type}${p.indexed ? ' indexed' : ''}`)})`, e]),
  )('read a canonical %s as viem decodes it', (_, event) => {
    const read = layoutReader(event as AbiEvent)
    fc.assert(
      fc.property(logOf(event as AbiEvent), (log) => {
        const ours = read?.(log.topics, log.data)
        expect(ours).toBeDefined()
        expect(ours).toEqual(byViem(event as AbiEvent, log))
      }),
      { numRuns: 60 },
    )
  })

  it.each(layouts.map((e) => [e.name, e]))('never read a bent %s to other values than viem', (_, event) => {
    const read = layoutReader(event as AbiEvent)
    fc.assert(
      fc.property(
        logOf(event as AbiEvent).chain((log) => bent(log.data).map((data) => ({ ...log, data }))),
        (log) => {
          const ours = read?.(log.topics, log.data)
          if (ours !== undefined) expect(ours).toEqual(byViem(event as AbiEvent, log))
        },
      ),
      { numRuns: 200 },
    )
  })

  it('decode the recorded chain logs as viem does, without viem', () => {
    const logs = recorded.logs as RawLog[]
    expect(logs.length).toBeGreaterThan(20)
    for (const log of logs) expect(decodeSafeEvent(log)).toEqual(decodeSafeEventByViem(log))
    const read = logs.filter((log) => layouts.some((e) => layoutReader(e)?.(log.topics, log.data)?.eventName))
    expect(read.length).toBe(logs.length)
  })
})
