// Whether live updates flow, shared by the stream (writes) and the banner (reads).
import { useSyncExternalStore } from 'react'

export type LiveStatus =
  /** No Safe open, or the gateway has no live stream (e.g. Safe's public gateway): nothing to say. */
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'live' }
  /** The stream is down: the app refreshes every `pollMs` and retries the stream. */
  | { state: 'offline'; since: number; pollMs: number }

let status: LiveStatus = { state: 'idle' }
const listeners = new Set<() => void>()

export function setLiveStatus(next: LiveStatus): void {
  // Keep the first `since` while it stays offline.
  if (next.state === 'offline' && status.state === 'offline') next = { ...next, since: status.since }
  if (JSON.stringify(next) === JSON.stringify(status)) return
  status = next
  for (const listener of listeners) listener()
}

export const getLiveStatus = (): LiveStatus => status

export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    getLiveStatus,
    getLiveStatus,
  )
}

/**
 * A `refetchInterval` that polls every `ms` only while live updates are not flowing: with the stream up,
 * pushed changes refresh exactly what changed and polling would only repeat them.
 */
export const pollUnlessLive = (ms: number) => (): number | false => (status.state === 'live' ? false : ms)
