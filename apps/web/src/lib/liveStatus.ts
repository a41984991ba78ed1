// Whether live updates flow, shared by the stream (writes) and the banner (reads).
import { createExternalStore } from './externalStore'

export type LiveStatus =
  /** No Safe open, or the gateway has no live stream (e.g. Safe's public gateway): nothing to say. */
  | { state: 'idle' }
  | { state: 'connecting' }
  | { state: 'live' }
  /** The stream is down: the app refreshes every `pollMs` and retries the stream. */
  | { state: 'offline'; since: number; pollMs: number }

const store = createExternalStore<LiveStatus>({ state: 'idle' })

export function setLiveStatus(next: LiveStatus): void {
  const status = store.get()
  // Keep the first `since` while it stays offline.
  if (next.state === 'offline' && status.state === 'offline') next = { ...next, since: status.since }
  if (JSON.stringify(next) !== JSON.stringify(status)) store.set(next)
}

export const getLiveStatus = (): LiveStatus => store.get()

export const useLiveStatus = (): LiveStatus => store.use()

/**
 * A `refetchInterval` that polls every `ms` only while live updates are not flowing: with the stream up,
 * pushed changes refresh exactly what changed and polling would only repeat them.
 */
export const pollUnlessLive = (ms: number) => (): number | false =>
  store.get().state === 'live' ? false : ms
