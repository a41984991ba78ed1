import { describe, expect, it, vi } from 'vitest'
import { RECENT_SAFES_LIMIT, STORAGE_KEYS } from '../../config/constants'
import { createRecentSafesStore, parseRecentSafes } from './recentSafes'

const SAFE_A = '0xeE3A570203441329791FA2AC2C912EBC9983F886'
const SAFE_B = '0x3DbA87AB48fe86E143Db3B5fBC7A1E6BE4549aC9'

const memoryStorage = () => {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => data.set(k, v),
  }
}

describe('parseRecentSafes', () => {
  it('default', () => {
    expect(parseRecentSafes(null)).toEqual([])
  })

  it('behavior: drops malformed entries and corrupt JSON', () => {
    const stored = JSON.stringify([
      { chainId: '1', address: SAFE_A, openedAt: 1 },
      { chainId: '1', address: '0x12', openedAt: 2 },
      'x',
    ])
    expect(parseRecentSafes(stored)).toEqual([{ chainId: '1', address: SAFE_A, openedAt: 1 }])
    expect(parseRecentSafes('{')).toEqual([])
  })
})

describe('createRecentSafesStore', () => {
  it('default: newest first, deduplicated across address case, persisted', () => {
    const storage = memoryStorage()
    let time = 0
    const store = createRecentSafesStore(storage, () => ++time)
    const listener = vi.fn()
    store.subscribe(listener)
    store.add({ chainId: '31337', address: SAFE_A })
    store.add({ chainId: '31337', address: SAFE_B })
    store.add({ chainId: '31337', address: SAFE_A.toLowerCase() })
    expect(store.getSnapshot().map((safe) => safe.address)).toEqual([SAFE_A.toLowerCase(), SAFE_B])
    expect(listener).toHaveBeenCalledTimes(3)
    expect(createRecentSafesStore(storage).getSnapshot()).toHaveLength(2)
    expect(storage.data.has(STORAGE_KEYS.recentSafes)).toBe(true)
  })

  it('behavior: re-opening the newest Safe does not write', () => {
    const store = createRecentSafesStore(memoryStorage())
    const listener = vi.fn()
    store.add({ chainId: '1', address: SAFE_A })
    store.subscribe(listener)
    store.add({ chainId: '1', address: SAFE_A })
    expect(listener).not.toHaveBeenCalled()
  })

  it('behavior: same address on another chain is another Safe; limit and remove', () => {
    const store = createRecentSafesStore(memoryStorage())
    store.add({ chainId: '1', address: SAFE_A })
    store.add({ chainId: '5', address: SAFE_A })
    expect(store.getSnapshot()).toHaveLength(2)
    store.remove({ chainId: '1', address: SAFE_A })
    expect(store.getSnapshot().map((safe) => safe.chainId)).toEqual(['5'])
    for (let i = 0; i < RECENT_SAFES_LIMIT + 3; i++) store.add({ chainId: String(100 + i), address: SAFE_B })
    expect(store.getSnapshot()).toHaveLength(RECENT_SAFES_LIMIT)
  })
})
