// When the indexer syncs: once at start, then on every new head (a newHeads subscription when the chain has
// a WebSocket URL, with a slow safety poll, else polling). A head that arrives during a sync runs one more.
// A failed sync is tried again with exponential backoff (from pollingInterval up to maxBackoff), new heads
// included: a node in trouble is not asked every block, and a deterministic failure would only repeat itself.
import { createPublicClient, webSocket } from 'viem'

export type HeadFollowerOptions = {
  wsUrl?: string
  /** How often to look for new blocks (ms) without a live subscription. */
  pollingInterval: number
  /** Safety poll while a subscription is live (ms): subscriptions can silently stop delivering. */
  subscribedPollingInterval: number
  /** One sync; its failure is reported through onError and retried at the next tick. */
  sync: () => Promise<unknown>
  /** Whether a sync is running now (a tick then only asks for another one). */
  isSyncing: () => boolean
  /** A failed sync, or the head subscription's error (it falls back to polling meanwhile). */
  onError?: (error: unknown, source: 'sync' | 'subscription') => void
  /** Longest wait before retrying a failed sync (ms, default 60 s). */
  maxBackoff?: number
}

export type HeadFollower = {
  start(): void
  /** Stops following; resolves once the subscription is closed. */
  stop(): Promise<void>
  /** Syncs now rather than at the next head or poll (nothing while stopped). */
  poke(): void
  mode(): 'subscription' | 'polling'
  /** The last sync's error message, cleared by the next success. */
  lastError(): string | undefined
  /** Syncs failed in a row (0 after a success). */
  failures(): number
}

export function createHeadFollower(options: HeadFollowerOptions): HeadFollower {
  let timer: NodeJS.Timeout | undefined
  let lastError: string | undefined
  let stopped = true
  let unwatch: (() => void) | undefined
  /** Closes the WebSocket (viem keeps it open, and reconnecting, after unwatch()). */
  let closeSocket: (() => Promise<void>) | undefined
  let subscribed = false
  /** A head arrived while a sync was running: run again when it ends. */
  let again = false
  /** Syncs failed in a row, and when the next try is due (a head before then waits for the timer). */
  let failures = 0
  let retryAt = 0
  const maxBackoff = options.maxBackoff ?? 60_000

  const tick = async (forced = false) => {
    if (!forced && Date.now() < retryAt) return
    if (options.isSyncing()) {
      again = true
      return
    }
    clearTimeout(timer)
    do {
      again = false
      try {
        await options.sync()
        lastError = undefined
        failures = 0
        retryAt = 0
      } catch (error) {
        lastError = (error as Error).message
        failures++
        retryAt = Date.now() + Math.min(options.pollingInterval * 2 ** (failures - 1), maxBackoff)
        options.onError?.(error, 'sync')
      }
    } while (again && !stopped && !failures)
    if (stopped) return
    const wait = failures
      ? retryAt - Date.now()
      : subscribed
        ? options.subscribedPollingInterval
        : options.pollingInterval
    clearTimeout(timer)
    timer = setTimeout(() => void tick(true), wait)
  }

  return {
    start() {
      stopped = false
      if (options.wsUrl) {
        const ws = createPublicClient({
          transport: webSocket(options.wsUrl, { retryCount: 3, retryDelay: 150 }),
        })
        subscribed = true
        closeSocket = async () => (await ws.transport.getRpcClient()).close()
        // A WebSocket transport makes viem subscribe to newHeads (eth_subscribe) instead of polling.
        unwatch = ws.watchBlockNumber({
          onBlockNumber: () => void tick(),
          onError: (error) => {
            // Back to polling until the transport reconnects and heads flow again.
            subscribed = false
            options.onError?.(error, 'subscription')
          },
        })
      }
      void tick(true)
    },
    async stop() {
      stopped = true
      unwatch?.()
      unwatch = undefined
      await closeSocket?.().catch(() => {})
      closeSocket = undefined
      subscribed = false
      clearTimeout(timer)
      timer = undefined
    },
    poke() {
      // Asked for (a Safe was just watched): now, backoff or not.
      if (!stopped) void tick(true)
    },
    mode: () => (subscribed ? 'subscription' : 'polling'),
    lastError: () => lastError,
    failures: () => failures,
  }
}
