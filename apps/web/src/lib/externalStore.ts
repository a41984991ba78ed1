import { useSyncExternalStore } from 'react'

/** A value outside React that components read and re-render on (useSyncExternalStore's subscribe/snapshot pair). */
export type ExternalStore<T> = {
  get: () => T
  /** Replaces the value and tells the readers; the same value (Object.is) tells no one. */
  set: (next: T) => void
  /** The value in a component (the initial value while rendering on a server). */
  use: () => T
}

export function createExternalStore<T>(initial: T): ExternalStore<T> {
  let value = initial
  const listeners = new Set<() => void>()
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  const get = () => value
  return {
    get,
    set: (next) => {
      if (Object.is(next, value)) return
      value = next
      for (const listener of listeners) listener()
    },
    use: () => useSyncExternalStore(subscribe, get, () => initial),
  }
}
