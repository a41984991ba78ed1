// The logs the indexer asks the node for, by topic only (no address filter, so new Safes are found
// without any registry), and how to decode them.
import { safeAbi, safeProxyFactoryAbi } from '@concord/safe/contracts'
import { type AbiEvent, decodeEventLog, type Hex, type RpcLog, toEventSelector } from 'viem'

type SafeEventName = Extract<(typeof safeAbi)[number], { type: 'event' }>['name']

const safeEvents = safeAbi.filter(
  (x): x is Extract<(typeof safeAbi)[number], { type: 'event' }> => x.type === 'event',
)
const proxyCreation = safeProxyFactoryAbi.find((x) => x.type === 'event') as AbiEvent

export const PROXY_CREATION_TOPIC = toEventSelector(proxyCreation)
/** Every Safe event plus ProxyCreation: one getLogs query. */
export const SAFE_TOPICS: Hex[] = [...safeEvents.map((e) => toEventSelector(e)), PROXY_CREATION_TOPIC]
export const SAFE_SETUP_TOPIC = toEventSelector(safeEvents.find((e) => e.name === 'SafeSetup') as AbiEvent)
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
  typeof decodeEventLog<typeof safeAbi, E, Hex[], Hex, true>
>['args']

const eventByTopic = new Map(safeEvents.map((e) => [toEventSelector(e), e]))

export function decodeSafeEvent(log: RawLog): DecodedSafeEvent | undefined {
  const event = log.topics[0] && eventByTopic.get(log.topics[0])
  if (!event) return undefined
  try {
    return decodeEventLog({
      abi: [event],
      topics: log.topics as [Hex],
      data: log.data,
      strict: true,
    }) as DecodedSafeEvent
  } catch {
    return undefined // same topic, other ABI (e.g. a non-Safe contract reusing an event name)
  }
}

export function decodeProxyCreation(log: RawLog) {
  try {
    const { args } = decodeEventLog({
      abi: safeProxyFactoryAbi,
      eventName: 'ProxyCreation',
      topics: log.topics as [Hex],
      data: log.data,
    })
    return args
  } catch {
    return undefined
  }
}

export type { SafeEventName }
