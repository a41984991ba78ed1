import { dehydrate } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { createPersistOptions, createQueryClient, markRestoredQueriesStale } from './queryClient'

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
    await markRestoredQueriesStale(client)
    expect(calls).toBe(1)
    expect(client.getQueryState(['safe'])?.isInvalidated).toBe(true)
    // Never persisted, so never restored: left as it is.
    expect(client.getQueryState(['config'])?.isInvalidated).toBe(false)
    // A screen mounting it asks again, although its staleTime has not passed.
    await client.ensureQueryData({ ...options, revalidateIfStale: true })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls).toBe(2)
  })
})
