// The logs the indexer asks the node for, by topic only (no address filter, so new Safes are found
// without any registry), and how to decode them under every Safe version's layout.

import { safeAbi } from '@concord/safe/contracts'
import { layoutsByTopic, proxyCreationLayouts, safeEventLayouts } from '@concord/safe/versions'
import {
  type AbiEvent,
  type Address,
  decodeEventLog,
  getAddress,
  type Hex,
  parseAbi,
  type RpcLog,
  toEventSelector,
} from 'viem'
import { RetryableError } from '../errors/GatewayError.ts'
import { type LayoutReader, layoutReader } from './layoutReader.ts'

/** Names and argument types the handlers see: 1.4.1's ABI plus the 1.5.0-only event (names agree across versions). */
const typedEvents = [
  ...safeAbi.filter((x): x is Extract<(typeof safeAbi)[number], { type: 'event' }> => x.type === 'event'),
  ...parseAbi(['event ChangedModuleGuard(address indexed moduleGuard)']),
]
type SafeEventName = (typeof typedEvents)[number]['name']

const safeLayouts = layoutsByTopic(safeEventLayouts())
const proxyLayouts = layoutsByTopic(proxyCreationLayouts())

export const PROXY_CREATION_TOPIC = [...proxyLayouts.keys()][0] as Hex
/** Every Safe event plus ProxyCreation: one getLogs query. */
export const SAFE_TOPICS: Hex[] = [...safeLayouts.keys(), PROXY_CREATION_TOPIC]
export const SAFE_SETUP_TOPIC = toEventSelector(typedEvents.find((e) => e.name === 'SafeSetup') as AbiEvent)
/** ERC20 and ERC721 share it (ERC721 indexes the token id: 4 topics). */
export const TRANSFER_TOPIC = toEventSelector('Transfer(address,address,uint256)')

export type RawLog = {
  blockNumber: number
  blockHash: Hex
  logIndex: number
  txHash: Hex
  address: Hex
  topics: Hex[]
  data: Hex
  /** Seconds; some nodes include it in eth_getLogs results, which saves a getBlock per block. */
  blockTimestamp?: number
}

/** From an eth_getLogs result (hex quantities, as the node sends them). */
export function toRawLog(log: RpcLog): RawLog {
  if (log.blockNumber === null || log.logIndex === null || log.transactionHash === null || !log.blockHash)
    // A node that answers a mined range with pending logs is behind or confused: asked again later.
    throw new RetryableError('pending log')
  const ts = (log as { blockTimestamp?: Hex }).blockTimestamp
  return {
    blockNumber: Number(log.blockNumber),
    blockHash: log.blockHash,
    logIndex: Number(log.logIndex),
    txHash: log.transactionHash,
    address: log.address,
    topics: log.topics as Hex[],
    data: log.data,
    ...(ts ? { blockTimestamp: Number(ts) } : {}),
  }
}

export type DecodedSafeEvent = {
  [E in SafeEventName]: { eventName: E; args: SafeEventArgs<E> }
}[SafeEventName]
type SafeEventArgs<E extends SafeEventName> = ReturnType<
  typeof decodeEventLog<typeof typedEvents, E, Hex[], Hex, true>
>['args']

/** Each layout with its count of topics and, for the layouts it reads, its reader of canonical logs. */
const readers = new Map<AbiEvent, { topics: number; read?: LayoutReader }>(
  [...safeLayouts.values(), ...proxyLayouts.values()]
    .flat()
    .map((e) => [e, { topics: e.inputs.filter((i) => i.indexed).length + 1, read: layoutReader(e) }]),
)

/**
 * Decodes under the first layout whose indexed parameters fit the log's topics and whose data decodes: read in
 * place when the log is laid out canonically (layoutReader.ts), else by viem (`viemOnly`: always by viem).
 */
function decodeByLayout(layouts: AbiEvent[] | undefined, log: RawLog, viemOnly = false) {
  for (const event of layouts ?? []) {
    const layout = readers.get(event)
    if (layout?.topics !== log.topics.length) continue
    const read = viemOnly ? undefined : layout.read?.(log.topics, log.data)
    if (read) return read
    try {
      return decodeEventLog({ abi: [event], topics: log.topics as [Hex], data: log.data, strict: true })
    } catch {
      // the next layout may fit
    }
  }
  return undefined
}

/**
 * A Safe event, `undefined` for a topic no Safe emits, or `'undecodable'` for a Safe topic that fits no
 * known layout (at a Safe's address that is data the index would lose: the caller counts and logs it).
 */
export function decodeSafeEvent(log: RawLog): DecodedSafeEvent | 'undecodable' | undefined {
  const layouts = log.topics[0] ? safeLayouts.get(log.topics[0]) : undefined
  if (!layouts) return undefined
  return (decodeByLayout(layouts, log) as DecodedSafeEvent | undefined) ?? 'undecodable'
}

/**
 * decodeSafeEvent with viem's decodeEventLog for every log: the reference the layout readers are tested
 * against, and the plain decoding bench:indexer compares the indexer with.
 */
export function decodeSafeEventByViem(log: RawLog): DecodedSafeEvent | 'undecodable' | undefined {
  const layouts = log.topics[0] ? safeLayouts.get(log.topics[0]) : undefined
  if (!layouts) return undefined
  return (decodeByLayout(layouts, log, true) as DecodedSafeEvent | undefined) ?? 'undecodable'
}

/** ProxyCreation of any factory version (1.3.0 leaves the proxy unindexed). */
export function decodeProxyCreation(log: RawLog): { proxy: Address; singleton: Address } | undefined {
  const decoded = decodeByLayout(proxyLayouts.get(log.topics[0] as Hex), log)
  const args = decoded?.args as { proxy?: Address; singleton?: Address } | undefined
  return args?.proxy && args.singleton
    ? { proxy: getAddress(args.proxy), singleton: getAddress(args.singleton) }
    : undefined
}

export type { SafeEventName }
