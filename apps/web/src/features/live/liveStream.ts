// One EventSource on the gateway's live stream, reconnected with backoff by us (not by the browser, so we
// know when it is down and can say so). A gateway without the stream (Safe's public one: 404) is told apart
// from one that is down, so the app only polls quietly there.
import { type LiveChange, parseLiveChange } from './liveChange'

export type LiveHandlers = {
  onChange(change: LiveChange): void
  /** The stream is (again) delivering; `reconnected`: changes may have been missed while it was down. */
  onOpen(reconnected: boolean): void
  onDown(): void
  /** The gateway serves no live stream: stop trying. */
  onUnsupported(): void
  /** The gateway may have missed changes of other processes: refetch everything. */
  onResync(): void
}

export type LiveStreamOptions = { minDelayMs?: number; maxDelayMs?: number }

/** `GET {gateway}/v1/live?safes=chainId:address` */
export const liveStreamUrl = (gatewayUrl: string, safes: { chainId: string; address: string }[]): string =>
  `${gatewayUrl.replace(/\/+$/, '')}/v1/live?safes=${safes.map((s) => `${s.chainId}:${s.address}`).join(',')}`

export function connectLiveStream(url: string, handlers: LiveHandlers, options: LiveStreamOptions = {}) {
  const minDelay = options.minDelayMs ?? 1000
  const maxDelay = options.maxDelayMs ?? 10_000
  let delay = minDelay
  let source: EventSource | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let everOpened = false
  let down = false
  let closed = false

  const open = () => {
    if (closed) return
    const es = new EventSource(url)
    source = es
    // `ready` comes once the gateway has registered the stream: from then on nothing is missed.
    es.addEventListener('ready', () => {
      delay = minDelay
      handlers.onOpen(everOpened && down)
      everOpened = true
      down = false
    })
    es.addEventListener('change', (event) => {
      const change = parseLiveChange((event as MessageEvent<string>).data)
      if (change) handlers.onChange(change)
    })
    es.addEventListener('resync', () => handlers.onResync())
    es.onerror = () => {
      es.close()
      if (closed || source !== es) return
      source = undefined
      if (!everOpened) void probe()
      else retry()
    }
  }

  const retry = () => {
    if (!down) handlers.onDown()
    down = true
    timer = setTimeout(open, delay)
    delay = Math.min(delay * 2, maxDelay)
  }

  // EventSource hides the status of a failed request: ask once whether the route exists at all.
  const probe = async () => {
    const abort = new AbortController()
    try {
      const res = await fetch(url, { signal: abort.signal })
      abort.abort()
      if (res.status === 404 || res.status === 405 || res.status === 501) {
        if (!closed) handlers.onUnsupported()
        return
      }
    } catch {
      // unreachable: down, like any other failure
    }
    if (!closed) retry()
  }

  open()
  return {
    close() {
      closed = true
      clearTimeout(timer)
      source?.close()
      source = undefined
    },
  }
}
