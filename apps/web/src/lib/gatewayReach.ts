// Whether the gateway answers, reported by every gateway call (gateway.ts, gatewayFetch.ts) and read by the
// connection banner and the "Saved data from" marks. Only network failures count: a gateway that answers with
// an error is reachable. The time of the first failure is kept in localStorage so that a reload during an
// outage still says since when.
import { useSyncExternalStore } from 'react'
import { QUERY_CACHE_MAX_AGE_MS, STORAGE_KEYS } from '../config/constants'

export type GatewayReach = { state: 'reachable' } | { state: 'unreachable'; since: number }

const REACHABLE: GatewayReach = { state: 'reachable' }

type SinceStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const storage = (): SinceStorage | undefined =>
  typeof window === 'undefined' ? undefined : window.localStorage

/** A stored outage start, unless it is older than the saved data it would explain (then it is another outage). */
function storedSince(store: SinceStorage | undefined, now: number): number | undefined {
  const value = Number(store?.getItem(STORAGE_KEYS.gatewayDownSince))
  return Number.isFinite(value) && value > 0 && now - value < QUERY_CACHE_MAX_AGE_MS ? value : undefined
}

/** A reach store; the app uses the one below, tests make their own. */
export function createGatewayReachStore(store: SinceStorage | undefined, now: () => number = Date.now) {
  // Until a call answers, nothing is known: a stored outage is only shown once a call fails again.
  let reach: GatewayReach = REACHABLE
  const listeners = new Set<() => void>()
  const set = (next: GatewayReach) => {
    if (next === reach) return
    reach = next
    for (const listener of listeners) listener()
  }
  return {
    get: (): GatewayReach => reach,
    subscribe(listener: () => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    failed(): void {
      if (reach.state === 'unreachable') return
      const since = storedSince(store, now()) ?? now()
      try {
        store?.setItem(STORAGE_KEYS.gatewayDownSince, String(since))
      } catch {
        // Storage full or blocked: the banner still shows, only a reload forgets since when.
      }
      set({ state: 'unreachable', since })
    },
    answered(): void {
      if (reach.state === 'reachable' && store?.getItem(STORAGE_KEYS.gatewayDownSince) == null) return
      try {
        store?.removeItem(STORAGE_KEYS.gatewayDownSince)
      } catch {
        // See failed().
      }
      set(REACHABLE)
    },
  }
}

const appStore = createGatewayReachStore(storage())

/** A gateway call answered (with any status): the gateway is reachable. */
export const reportGatewayAnswer = (): void => appStore.answered()
/** A gateway call failed before any answer (network error, host down, blocked). */
export const reportGatewayUnreachable = (): void => appStore.failed()
export const getGatewayReach = (): GatewayReach => appStore.get()

export function useGatewayReach(): GatewayReach {
  return useSyncExternalStore(appStore.subscribe, appStore.get, appStore.get)
}
