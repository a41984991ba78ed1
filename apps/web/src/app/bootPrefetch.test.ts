import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { prefetchOpenSafe } from './bootPrefetch'

const SAFE = '0xeE3A570203441329791FA2AC2C912EBC9983F886'
const chains = [{ chainId: '31337', shortName: 'dev' }] as ChainInfo[]
const settings = { currency: 'usd', hideSpam: true }

/** The last part of each query key started (what the query asks for: history, queue, …). */
function started(location: { pathname: string; search: string }): { ok: boolean; kinds: string[] } {
  const queryClient = new QueryClient()
  const ok = prefetchOpenSafe(queryClient, chains, location, settings) !== undefined
  const kinds = queryClient
    .getQueryCache()
    .findAll()
    .map((query) => String(query.queryKey.at(-1)))
  return { ok, kinds }
}

describe('prefetchOpenSafe', () => {
  // The gateway calls are started, not awaited: a fetch that never answers is enough.
  vi.stubGlobal('fetch', () => new Promise(() => undefined))
  afterEach(() => {
    vi.clearAllMocks()
    vi.stubGlobal('fetch', () => new Promise(() => undefined))
  })

  it("behavior: settles once the info, balances and queue have their answer or error; the latest transactions' need not", async () => {
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input)
      if (url.includes('/transactions/history')) return new Promise(() => undefined) // never answers
      if (url.includes('/balances/')) return new Response('{"code":500,"message":"boom"}', { status: 500 })
      return new Response('{"results":[]}', { headers: { 'content-type': 'application/json' } })
    })
    const queryClient = new QueryClient()
    await prefetchOpenSafe(queryClient, chains, { pathname: '/', search: `?safe=dev:${SAFE}` }, settings)
    const statusOf = (kind: string) =>
      queryClient
        .getQueryCache()
        .findAll()
        .filter((query) => query.queryKey.includes(kind))
        .map((query) => query.state.status)
    expect(statusOf('balances')).toEqual(['error'])
    expect(statusOf('queue')).toEqual(['success'])
    expect(statusOf('history')).toEqual(['pending'])
  })

  it("default: Home's deep link starts the Safe's info, balances, queue and latest history at once", () => {
    const { ok, kinds } = started({ pathname: '/', search: `?safe=dev:${SAFE}` })
    expect(ok).toBe(true)
    expect(kinds).toHaveLength(4)
    expect(kinds).toEqual(expect.arrayContaining(['queue', 'history']))
  })

  it('behavior: another screen starts only the Safe info; a link without a valid Safe starts nothing', () => {
    expect(started({ pathname: '/assets', search: `?safe=dev:${SAFE}` }).kinds).toHaveLength(1)
    expect(started({ pathname: '/', search: '?safe=nope:0x12' })).toEqual({ ok: false, kinds: [] })
    expect(started({ pathname: '/', search: '' })).toEqual({ ok: false, kinds: [] })
  })
})
