// The history page cache holds at most its byte budget, least recently used out first, and never serves a page
// of another version of the Safe's history.
import { describe, expect, it } from 'vitest'
import { createPageCache } from './pageCache.ts'

const page = (version: string, bytes: number) => ({ version, json: 'x'.repeat(bytes) })

describe('history page cache', () => {
  it('serves a page only for the version it was built from', () => {
    const cache = createPageCache(1000)
    cache.set('a', page('v1', 100))
    expect(cache.get('a', 'v1')).toHaveLength(100)
    expect(cache.get('a', 'v2')).toBeUndefined()
    // The stale page is gone, with its bytes.
    expect(cache.get('a', 'v1')).toBeUndefined()
    expect(cache.bytes()).toBe(0)
  })

  it('stays within its bytes, dropping the least recently used first', () => {
    const cache = createPageCache(1000)
    for (const key of ['a', 'b', 'c', 'd']) cache.set(key, page('v', 200))
    expect(cache.get('a', 'v')).toBeDefined() // a is now the most recently used
    cache.set('e', page('v', 200))
    cache.set('f', page('v', 200))
    expect(cache.bytes()).toBeLessThanOrEqual(1000)
    expect(cache.get('b', 'v')).toBeUndefined()
    for (const key of ['a', 'c', 'd', 'e', 'f']) expect(cache.get(key, 'v')).toBeDefined()
    // Thousands of distinct URLs still hold no more than the budget.
    for (let i = 0; i < 5000; i++) cache.set(`url-${i}`, page('v', 150))
    expect(cache.bytes()).toBeLessThanOrEqual(1000)
    expect(cache.size()).toBe(6)
  })

  it('keeps no page larger than a quarter of the budget, and a replaced page frees its bytes', () => {
    const cache = createPageCache(1000)
    cache.set('big', page('v', 251))
    expect(cache.get('big', 'v')).toBeUndefined()
    cache.set('a', page('v1', 200))
    cache.set('a', page('v2', 100))
    expect(cache.bytes()).toBe(100)
    expect(cache.get('a', 'v2')).toHaveLength(100)
  })
})
