import { describe, expect, it } from 'vitest'
import { RECENT_SAFES_LIMIT } from '../../config/constants'
import { createRecentSafesStore } from './recentSafes'

const SAFE_A = '0xeE3A570203441329791FA2AC2C912EBC9983F886'
const SAFE_B = '0x3DbA87AB48fe86E143Db3B5fBC7A1E6BE4549aC9'

const memoryStorage = () => {
  const data = new Map<string, string>()
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => data.set(k, v) }
}

describe('recent Safes: adding Safes opened elsewhere (an import)', () => {
  it('adds them at their own times, newest first, keeping a listed Safe as it is', () => {
    const storage = memoryStorage()
    const store = createRecentSafesStore(storage, () => 500)
    store.add({ chainId: '1', address: SAFE_A })
    store.addOpenedElsewhere([
      { chainId: '1', address: SAFE_A.toLowerCase(), openedAt: 900 },
      { chainId: '1', address: SAFE_B, openedAt: 100 },
      { chainId: '5', address: SAFE_B, openedAt: 700 },
    ])
    expect(store.getSnapshot()).toEqual([
      { chainId: '5', address: SAFE_B, openedAt: 700 },
      { chainId: '1', address: SAFE_A, openedAt: 500 },
      { chainId: '1', address: SAFE_B, openedAt: 100 },
    ])
    expect(createRecentSafesStore(storage).getSnapshot()).toHaveLength(3)
  })

  it('fills only free places: the user’s own Safes are never pushed out', () => {
    const store = createRecentSafesStore(memoryStorage(), () => 1)
    for (let i = 0; i < RECENT_SAFES_LIMIT - 1; i++) store.add({ chainId: String(100 + i), address: SAFE_A })
    store.addOpenedElsewhere([
      { chainId: '1', address: SAFE_B, openedAt: 9 },
      { chainId: '2', address: SAFE_B, openedAt: 8 },
    ])
    const chains = store.getSnapshot().map((s) => s.chainId)
    expect(chains).toHaveLength(RECENT_SAFES_LIMIT)
    expect(chains).toContain('1')
    expect(chains).not.toContain('2')
    expect(chains.filter((c) => Number(c) >= 100)).toHaveLength(RECENT_SAFES_LIMIT - 1)
  })
})
