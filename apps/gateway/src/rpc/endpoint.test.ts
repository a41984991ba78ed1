import { describe, expect, it } from 'vitest'
import { Endpoint } from './endpoint.ts'

const endpoint = (maxRequestsPerSecond: number) =>
  new Endpoint('http://127.0.0.1:1/', { chainId: 1, maxRequestsPerSecond, maxBatch: 10 })

describe('Endpoint rate', () => {
  it('default: calls go out at the configured rate, in order', async () => {
    const e = endpoint(20)
    const sent: number[] = []
    const started = Date.now()
    await Promise.all([0, 1, 2, 3].map((i) => e.acquire(1).then(() => sent.push(i))))
    expect(sent).toEqual([0, 1, 2, 3])
    // Four calls at 20/s: the last one 150 ms after the first.
    expect(Date.now() - started).toBeGreaterThanOrEqual(140)
    expect(e.status().requests).toBe(4)
  })

  it('behavior: an API call goes ahead of the indexer calls already waiting, and the rate holds', async () => {
    const e = endpoint(20)
    const sent: string[] = []
    const at: number[] = []
    const take = (name: string, lane: 'foreground' | 'background') =>
      e.acquire(1, lane).then(() => {
        sent.push(name)
        at.push(Date.now())
      })
    const backfill = [0, 1, 2, 3, 4].map((i) => take(`indexer ${i}`, 'background'))
    const api = take('api', 'foreground')
    await Promise.all([...backfill, api])
    // The first indexer call was already sent; the API's is next, not sixth.
    expect(sent).toEqual(['indexer 0', 'api', 'indexer 1', 'indexer 2', 'indexer 3', 'indexer 4'])
    for (let i = 1; i < at.length; i++)
      expect((at[i] as number) - (at[i - 1] as number)).toBeGreaterThanOrEqual(45)
  })

  it('behavior: nothing goes out while the endpoint cools off after a rate limit', async () => {
    const e = endpoint(Number.POSITIVE_INFINITY)
    e.coolOff(200, 'rate-limited by http://127.0.0.1:1, retrying in 0.2 s')
    const started = Date.now()
    await e.acquire(1)
    expect(Date.now() - started).toBeGreaterThanOrEqual(190)
    expect(e.status().rateLimited).toBe(1)
  })
})
