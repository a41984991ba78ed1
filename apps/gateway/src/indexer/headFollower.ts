// When the indexer syncs: once at start, then on every new head (a newHeads subscription when the chain has
// a WebSocket URL, with a slow safety poll, else polling). A head that arrives during a sync runs one more.
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
  onError?: (error: unknown) => void
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

  const tick = async () => {
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
      } catch (error) {
        lastError = (error as Error).message
        options.onError?.(error)
      }
    } while (again && !stopped)
    if (!stopped)
      timer = setTimeout(tick, subscribed ? options.subscribedPollingInterval : options.pollingInterval)
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
            options.onError?.(error)
          },
        })
      }
      void tick()
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
      if (!stopped) void tick()
    },
    mode: () => (subscribed ? 'subscription' : 'polling'),
    lastError: () => lastError,
  }
}
