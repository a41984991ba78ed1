// Event decoding under every Safe version's layout: logs are encoded here from each version's own ABI in
// @safe-global/safe-deployments (what that version's contract emits), then decoded by the indexer.
import { getProxyFactoryDeployment, getSafeL2SingletonDeployment } from '@safe-global/safe-deployments'
import { type AbiEvent, encodeAbiParameters, encodeEventTopics, type Hex, keccak256, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  decodeProxyCreation,
  decodeSafeEvent,
  PROXY_CREATION_TOPIC,
  type RawLog,
  SAFE_TOPICS,
} from './events.ts'

const SAFE = '0x1111111111111111111111111111111111111111'
const OWNER = '0x2222222222222222222222222222222222222222'
const SINGLETON = '0x3333333333333333333333333333333333333333'
const HASH = keccak256(toHex('safe tx'))

/** The log `version`'s contract emits for `name(args)`. */
function emitted(version: string, name: string, args: Record<string, unknown>, factory = false): RawLog {
  const deployment = (factory ? getProxyFactoryDeployment : getSafeL2SingletonDeployment)({ version })
  const event = ((deployment?.abi ?? []) as AbiEvent[]).find((e) => e.type === 'event' && e.name === name)
  if (!event) throw new Error(`${version} has no ${name}`)
  const topics = encodeEventTopics({ abi: [event], eventName: name, args } as never) as Hex[]
  const data = encodeAbiParameters(
    event.inputs.filter((i) => !i.indexed),
    event.inputs.filter((i) => !i.indexed).map((i) => args[i.name as string]),
  )
  return { blockNumber: 1, blockHash: HASH, logIndex: 0, txHash: HASH, address: SAFE, topics, data }
}

const VERSIONS = ['1.3.0', '1.4.1', '1.5.0']

describe('decodeSafeEvent', () => {
  it.each(VERSIONS)('decodes the owner, module, guard and handler events of %s', (version) => {
    for (const [name, key] of [
      ['AddedOwner', 'owner'],
      ['RemovedOwner', 'owner'],
      ['EnabledModule', 'module'],
      ['DisabledModule', 'module'],
      ['ChangedGuard', 'guard'],
      ['ChangedFallbackHandler', 'handler'],
    ] as const) {
      const log = emitted(version, name, { [key]: OWNER })
      expect(decodeSafeEvent(log), `${version} ${name}`).toEqual({ eventName: name, args: { [key]: OWNER } })
    }
  })

  it.each(VERSIONS)('decodes %s executions with their safeTxHash', (version) => {
    for (const name of ['ExecutionSuccess', 'ExecutionFailure'] as const)
      expect(decodeSafeEvent(emitted(version, name, { txHash: HASH, payment: 5n }))).toEqual({
        eventName: name,
        args: { txHash: HASH, payment: 5n },
      })
  })

  it('the 1.3.0 and 1.4.1 layouts differ but share topic0', () => {
    const [v130, v141] = ['1.3.0', '1.4.1'].map((v) => emitted(v, 'AddedOwner', { owner: OWNER }))
    expect(v130?.topics[0]).toBe(v141?.topics[0])
    expect(v130?.topics).toHaveLength(1)
    expect(v141?.topics).toHaveLength(2)
  })

  it('decodes the 1.5.0-only ChangedModuleGuard', () => {
    expect(decodeSafeEvent(emitted('1.5.0', 'ChangedModuleGuard', { moduleGuard: OWNER }))).toEqual({
      eventName: 'ChangedModuleGuard',
      args: { moduleGuard: OWNER },
    })
  })

  it('reports a Safe topic that fits no layout, and ignores other topics', () => {
    const log = emitted('1.4.1', 'AddedOwner', { owner: OWNER })
    expect(decodeSafeEvent({ ...log, topics: [...log.topics, HASH] })).toBe('undecodable')
    expect(decodeSafeEvent({ ...log, topics: [log.topics[0] as Hex], data: '0x1234' })).toBe('undecodable')
    expect(decodeSafeEvent({ ...log, topics: [HASH] })).toBeUndefined()
  })

  it('asks the node for every Safe topic once, and for ProxyCreation', () => {
    expect(new Set(SAFE_TOPICS).size).toBe(SAFE_TOPICS.length)
    expect(SAFE_TOPICS).toContain(PROXY_CREATION_TOPIC)
  })
})

describe('decodeProxyCreation', () => {
  it.each(VERSIONS)('reads the proxy and singleton of the %s factory', (version) => {
    const log = emitted(version, 'ProxyCreation', { proxy: SAFE, singleton: SINGLETON }, true)
    expect(log.topics[0]).toBe(PROXY_CREATION_TOPIC)
    expect(decodeProxyCreation(log)).toEqual({ proxy: SAFE, singleton: SINGLETON })
  })
})
