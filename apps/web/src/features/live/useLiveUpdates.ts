// Keeps one open Safe's cached data fresh: a live stream while the gateway pushes, polling while it cannot.
// What each change refreshes is the caller's (`refresh`); this hook owns the connection, the batching and
// the fallback timer.
import { useEffect, useRef } from 'react'
import { setLiveStatus } from '../../lib/liveStatus'
import type { LiveChange } from './liveChange'
import { connectLiveStream, type LiveStreamOptions, liveStreamUrl } from './liveStream'

/** How often everything of the open Safe is refetched while the stream is down. */
export const LIVE_FALLBACK_POLL_MS = 5000
/** Changes arriving within this window refresh together (an execution brings several at once). */
const BATCH_MS = 25

export type LiveUpdatesParams = {
  gatewayUrl: string
  safe: { chainId: string; address: string } | undefined
  /** Refreshes what these changes affect. */
  refresh(changes: LiveChange[]): void
  /** Refreshes everything of the Safe (while polling, and after a gap in the stream). */
  refreshAll(): void
  pollMs?: number
  stream?: LiveStreamOptions
}

export function useLiveUpdates(params: LiveUpdatesParams): void {
  const { gatewayUrl, safe, pollMs = LIVE_FALLBACK_POLL_MS } = params
  // The callbacks change on every render; the connection must not.
  const latest = useRef(params)
  latest.current = params
  const chainId = safe?.chainId
  const address = safe?.address

  useEffect(() => {
    if (!chainId || !address) {
      setLiveStatus({ state: 'idle' })
      return
    }
    let batch: LiveChange[] = []
    let flush: ReturnType<typeof setTimeout> | undefined
    let poll: ReturnType<typeof setInterval> | undefined
    const stopPolling = () => {
      clearInterval(poll)
      poll = undefined
    }
    setLiveStatus({ state: 'connecting' })
    const connection = connectLiveStream(
      liveStreamUrl(gatewayUrl, [{ chainId, address }]),
      {
        onChange(change) {
          batch.push(change)
          flush ??= setTimeout(() => {
            const changes = batch
            batch = []
            flush = undefined
            latest.current.refresh(changes)
          }, BATCH_MS)
        },
        onOpen(reconnected) {
          stopPolling()
          setLiveStatus({ state: 'live' })
          if (reconnected) latest.current.refreshAll()
        },
        onDown() {
          setLiveStatus({ state: 'offline', since: Date.now(), pollMs })
          latest.current.refreshAll()
          stopPolling()
          poll = setInterval(() => latest.current.refreshAll(), pollMs)
        },
        onUnsupported() {
          // The gateway's own refresh intervals (queue, Safe info) are all there is.
          setLiveStatus({ state: 'idle' })
        },
        onResync: () => latest.current.refreshAll(),
      },
      latest.current.stream,
    )
    return () => {
      connection.close()
      clearTimeout(flush)
      stopPolling()
      setLiveStatus({ state: 'idle' })
    }
  }, [gatewayUrl, chainId, address, pollMs])
}
