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
    throw new Error('pending log')
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

/** Decodes under the first layout whose indexed parameters fit the log's topics and whose data decodes. */
function decodeByLayout(layouts: AbiEvent[] | undefined, log: RawLog) {
  for (const event of layouts ?? []) {
    if (event.inputs.filter((i) => i.indexed).length + 1 !== log.topics.length) continue
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

/** ProxyCreation of any factory version (1.3.0 leaves the proxy unindexed). */
export function decodeProxyCreation(log: RawLog): { proxy: Address; singleton: Address } | undefined {
  const decoded = decodeByLayout(proxyLayouts.get(log.topics[0] as Hex), log)
  const args = decoded?.args as { proxy?: Address; singleton?: Address } | undefined
  return args?.proxy && args.singleton
    ? { proxy: getAddress(args.proxy), singleton: getAddress(args.singleton) }
    : undefined
}

export type { SafeEventName }
