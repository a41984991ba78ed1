import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../config/constants'
import { createGatewayReachStore } from './gatewayReach'

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

describe('createGatewayReachStore', () => {
  it('default: reachable until a call fails, then unreachable since the first failure', () => {
    const storage = memoryStorage()
    let now = 1_000
    const store = createGatewayReachStore(storage, () => now)
    expect(store.get()).toEqual({ state: 'reachable' })
    store.failed()
    now = 5_000
    store.failed()
    expect(store.get()).toEqual({ state: 'unreachable', since: 1_000 })
    expect(storage.items.get(STORAGE_KEYS.gatewayDownSince)).toBe('1000')
  })

  it('behavior: an answer makes it reachable and forgets the outage', () => {
    const storage = memoryStorage()
    const store = createGatewayReachStore(storage, () => 1_000)
    let notified = 0
    store.subscribe(() => notified++)
    store.failed()
    store.answered()
    store.answered()
    expect(store.get()).toEqual({ state: 'reachable' })
    expect(storage.items.has(STORAGE_KEYS.gatewayDownSince)).toBe(false)
    expect(notified).toBe(2)
  })

  it('behavior: after a reload during an outage, the stored start is kept once a call fails again', () => {
    const storage = memoryStorage()
    storage.setItem(STORAGE_KEYS.gatewayDownSince, '1000')
    const store = createGatewayReachStore(storage, () => 9_000)
    expect(store.get()).toEqual({ state: 'reachable' })
    store.failed()
    expect(store.get()).toEqual({ state: 'unreachable', since: 1_000 })
  })

  it('behavior: an answer after a reload clears a stored outage', () => {
    const storage = memoryStorage()
    storage.setItem(STORAGE_KEYS.gatewayDownSince, '1000')
    const store = createGatewayReachStore(storage, () => 9_000)
    store.answered()
    store.failed()
    expect(store.get()).toEqual({ state: 'unreachable', since: 9_000 })
  })
})
