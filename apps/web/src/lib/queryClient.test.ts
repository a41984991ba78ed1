import { dehydrate, type QueryClient, QueryObserver } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import {
  createPersistOptions,
  createQueryClient,
  FIRST_SHOW_MS,
  markRestoredQueriesStale,
  prefetchForFirstScreen,
} from './queryClient'

describe('query persistence', () => {
  it('behavior: successful queries are persisted, except those with their own browser copy', async () => {
    const client = createQueryClient()
    await client.fetchQuery({ queryKey: ['chains'], queryFn: () => ['1'] })
    await client.fetchQuery({ queryKey: ['book'], queryFn: () => [], meta: { persist: false } })
    await client
      .fetchQuery({ queryKey: ['failing'], queryFn: () => Promise.reject(new Error('x')) })
      .catch(() => {})
    const { dehydrateOptions } = createPersistOptions()
    // The persist client brings its own copy of query-core's types: the same shape, another declaration.
    const options = dehydrateOptions as Parameters<typeof dehydrate>[1]
    const kept = dehydrate(client, options).queries.map((q) => q.queryKey[0])
    expect(kept).toEqual(['chains'])
  })

  it('behavior: restored queries count as stale without being refetched at once', async () => {
    const client = createQueryClient()
    let calls = 0
    const options = { queryKey: ['safe'], queryFn: () => ++calls, staleTime: 60_000 }
    await client.fetchQuery(options)
    await client.fetchQuery({ queryKey: ['config'], queryFn: () => ({}), meta: { persist: false } })
    // Both answered before "now": as if restored from an earlier page.
    await markRestoredQueriesStale(client, Date.now() + 1)
    expect(calls).toBe(1)
    expect(client.getQueryState(['safe'])?.isInvalidated).toBe(true)
    // Never persisted, so never restored: left as it is.
    expect(client.getQueryState(['config'])?.isInvalidated).toBe(false)
    // A screen mounting it asks again, although its staleTime has not passed.
    await client.ensureQueryData({ ...options, revalidateIfStale: true })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls).toBe(2)
  })

  it('behavior: an answer this page got before the restore ended is not marked stale', async () => {
    const client = createQueryClient()
    const answeredAt = Date.now()
    await client.fetchQuery({ queryKey: ['chains'], queryFn: () => ['1'] })
    await markRestoredQueriesStale(client, answeredAt)
    expect(client.getQueryState(['chains'])?.isInvalidated).toBe(false)
  })
})

describe('refetch on mount', () => {
  /** Mounts and unmounts an observer (a screen), then lets a fetch it started finish. */
  const observe = async (client: QueryClient, queryKey: string[], queryFn: () => number) => {
    new QueryObserver(client, { queryKey, queryFn }).subscribe(() => {})()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }

  it("behavior: the boot's answer is not asked again by its first screen; by the next one it is", async () => {
    const client = createQueryClient()
    let calls = 0
    const queryKey = ['safe', 'boot']
    await prefetchForFirstScreen(client, queryKey, () =>
      client.prefetchQuery({ queryKey, queryFn: () => ++calls }),
    )
    await observe(client, queryKey, () => ++calls)
    expect(calls).toBe(1)
    await observe(client, queryKey, () => ++calls)
    expect(calls).toBe(2)
  })

  it("behavior: a first screen mounting in parts (shell, then its lazy page) uses the boot's answer in each", async () => {
    const client = createQueryClient()
    let calls = 0
    const queryKey = ['safe', 'parts']
    await prefetchForFirstScreen(client, queryKey, () =>
      client.prefetchQuery({ queryKey, queryFn: () => ++calls }),
    )
    const shell = new QueryObserver(client, { queryKey, queryFn: () => ++calls }).subscribe(() => {})
    await new Promise((resolve) => setTimeout(resolve, 0))
    await observe(client, queryKey, () => ++calls)
    expect(calls).toBe(1)
    shell()
    await observe(client, queryKey, () => ++calls)
    expect(calls).toBe(2)
  })

  it("behavior: a part of the first screen that mounted while the boot's answer was on its way, and a part mounting after it came, both use it", async () => {
    const client = createQueryClient()
    let calls = 0
    const queryKey = ['safe', 'in-flight']
    let answer: (value: number) => void = () => {}
    const prefetched = prefetchForFirstScreen(client, queryKey, () =>
      client.prefetchQuery({ queryKey, queryFn: () => new Promise<number>((r) => (answer = r)) }),
    )
    await new Promise((resolve) => setTimeout(resolve, 0))
    const shell = new QueryObserver(client, { queryKey, queryFn: () => ++calls }).subscribe(() => {})
    answer(++calls)
    await prefetched
    await observe(client, queryKey, () => ++calls)
    expect(calls).toBe(1)
    shell()
  })

  it('behavior: other prefetches, and a boot answer invalidated or older than FIRST_SHOW_MS, are asked again', async () => {
    const client = createQueryClient()
    let calls = 0
    const other = ['safe', 'other']
    await client.prefetchQuery({ queryKey: other, queryFn: () => ++calls })
    await observe(client, other, () => ++calls)
    expect(calls).toBe(2)

    const invalidated = ['safe', 'invalidated']
    await prefetchForFirstScreen(client, invalidated, () =>
      client.prefetchQuery({ queryKey: invalidated, queryFn: () => ++calls }),
    )
    await client.invalidateQueries({ queryKey: invalidated, refetchType: 'none' })
    await observe(client, invalidated, () => ++calls)
    expect(calls).toBe(4)

    const old = ['safe', 'old']
    await prefetchForFirstScreen(client, old, () =>
      client.prefetchQuery({ queryKey: old, queryFn: () => ++calls }),
    )
    vi.useFakeTimers({ now: Date.now() + FIRST_SHOW_MS, toFake: ['Date'] })
    try {
      await observe(client, old, () => ++calls)
      expect(calls).toBe(6)
    } finally {
      vi.useRealTimers()
    }
  })
})
