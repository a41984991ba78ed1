// Fans the change bus out to open server-sent-event streams: each stream watches a few Safes and gets every
// change of theirs, plus its chains' BLOCK_INDEXED (narrowed to its Safes). Bounded on every side: Safes per
// stream, streams per process, and events waiting for a slow reader (past that the stream is closed, and the
// client reconnects and refetches, which loses nothing).
import type { Address } from 'viem'
import type { Change, ChangeBus } from '../../changes/changeBus.ts'

export type LiveLimits = {
  /** Safes one stream may watch. */
  maxSafes: number
  /** Open streams in this process. */
  maxStreams: number
  /** Open streams one client may hold (a browser tab needs one; an office behind one address, a few dozen). */
  maxPerClient: number
  /** Comment sent on an idle stream so proxies and browsers keep it open (ms). */
  heartbeatMs: number
  /** Events waiting for one slow reader before its stream is dropped. */
  maxQueued: number
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  maxSafes: 20,
  maxStreams: 1000,
  maxPerClient: 32,
  heartbeatMs: 15_000,
  maxQueued: 256,
}

/** What a stream sends: `change` (a Change as JSON), `resync` (changes may have been missed: refetch). */
export type LiveEvent = { event: 'change'; data: Change } | { event: 'resync' }

export type LiveSubscriber = {
  /** Who opened it (see http/clientBudget.ts clientOf). */
  client: string
  /** `${chainId}:${address}` of the watched Safes (checksummed). */
  safes: Set<string>
  chains: Set<number>
  send(event: LiveEvent): void
  close(): void
}

export type LiveHub = {
  limits: LiveLimits
  /** Registers a stream; undefined when the process already serves maxStreams, or its client maxPerClient. */
  add(subscriber: LiveSubscriber): (() => void) | undefined
  count(): number
  /** Streams `client` holds open. */
  countFor(client: string): number
  /** Ends every open stream (shutdown). */
  close(): void
}

export const safeKey = (chainId: number, address: Address | string) => `${chainId}:${address}`

/** The part of a change one stream may see, or undefined when it concerns none of its Safes. */
export function forSubscriber(
  change: Change,
  s: Pick<LiveSubscriber, 'safes' | 'chains'>,
): Change | undefined {
  if (change.type === 'BLOCK_INDEXED') {
    if (!s.chains.has(change.chainId)) return undefined
    return { ...change, safes: change.safes.filter((a) => s.safes.has(safeKey(change.chainId, a))) }
  }
  return s.safes.has(safeKey(change.chainId, change.address)) ? change : undefined
}

export function createLiveHub(changes: ChangeBus, overrides: Partial<LiveLimits> = {}): LiveHub {
  const limits = { ...DEFAULT_LIVE_LIMITS, ...overrides }
  const subscribers = new Set<LiveSubscriber>()
  const perClient = new Map<string, number>()
  let offChanges: (() => void) | undefined
  let offGap: (() => void) | undefined

  // Subscribed while at least one stream is open, so an idle process costs the bus nothing.
  const listen = () => {
    offChanges = changes.subscribe((change) => {
      for (const s of subscribers) {
        const visible = forSubscriber(change, s)
        if (visible) s.send({ event: 'change', data: visible })
      }
    })
    offGap = changes.onGap?.(() => {
      for (const s of subscribers) s.send({ event: 'resync' })
    })
  }

  return {
    limits,
    add(subscriber) {
      const held = perClient.get(subscriber.client) ?? 0
      if (subscribers.size >= limits.maxStreams || held >= limits.maxPerClient) return undefined
      if (!subscribers.size) listen()
      subscribers.add(subscriber)
      perClient.set(subscriber.client, held + 1)
      return () => {
        if (!subscribers.delete(subscriber)) return
        const left = (perClient.get(subscriber.client) ?? 1) - 1
        if (left > 0) perClient.set(subscriber.client, left)
        else perClient.delete(subscriber.client)
        if (subscribers.size) return
        offChanges?.()
        offGap?.()
        offChanges = offGap = undefined
      }
    },
    count: () => subscribers.size,
    countFor: (client) => perClient.get(client) ?? 0,
    close() {
      for (const s of [...subscribers]) s.close()
    },
  }
}
