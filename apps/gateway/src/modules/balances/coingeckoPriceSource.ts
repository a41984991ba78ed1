// Prices from a CoinGecko-compatible HTTP API (config `priceSource: {type: 'coingecko', …}`): tokens by contract
// address on the chain's asset platform, the native coin by its coin id, fiat codes from the supported
// currencies. Answers are cached per (chain, asset, fiat); a failed or slow request gives no price (never an
// error), keeping a price read shortly before if there is one. Chains without a `coingecko` entry keep the
// static prices.
import type { ChainConfig } from '../../config/chainConfig.ts'
import type { PriceSource } from './priceSource.ts'

export type CoingeckoOptions = {
  /** API root without a trailing slash, e.g. https://api.coingecko.com/api/v3. */
  baseUrl: string
  plan: 'demo' | 'pro'
  apiKey?: string
  /** How long a price (or its absence, or a failure) is reused. */
  cacheSeconds: number
  timeoutMs: number
  /** Serves chains without `coingecko` ids, and the fiat codes until CoinGecko has listed its own. */
  fallback: PriceSource
  onError?: (error: unknown) => void
  fetch?: typeof fetch
  /** Clock (ms), for tests. */
  now?: () => number
}

/** Supported currencies change rarely: asked again after an hour. */
const FIAT_CODES_TTL_MS = 60 * 60 * 1000
/** After a failed request a cached price is kept for at most this long since it was read. */
const MAX_STALE_MS = 60 * 60 * 1000
/** Contract addresses per token_price request (the API takes up to 515; this keeps URLs short). */
const ADDRESSES_PER_REQUEST = 100
const MAX_CACHE_ENTRIES = 100_000

type Entry = { until: number; price: number | undefined; readAt: number | undefined }

export function createCoingeckoPriceSource(options: CoingeckoOptions): PriceSource {
  const fetchImpl = options.fetch ?? fetch
  const now = options.now ?? Date.now
  const ttl = options.cacheSeconds * 1000
  const base = options.baseUrl.replace(/\/+$/, '')
  const headers: Record<string, string> = { accept: 'application/json' }
  if (options.apiKey) headers[`x-cg-${options.plan}-api-key`] = options.apiKey

  const inflight = new Map<string, Promise<unknown>>()
  /** One GET per URL at a time: concurrent balance requests share it. */
  const getJson = (path: string, query: Record<string, string[]>): Promise<unknown> => {
    const search = Object.entries(query)
      .map(([k, values]) => `${k}=${values.map(encodeURIComponent).join(',')}`)
      .join('&')
    const url = `${base}${path}${search ? `?${search}` : ''}`
    let pending = inflight.get(url)
    if (!pending) {
      pending = (async () => {
        try {
          const res = await fetchImpl(url, { headers, signal: AbortSignal.timeout(options.timeoutMs) })
          if (!res.ok) {
            await res.body?.cancel().catch(() => {})
            throw new Error(`HTTP ${res.status}`)
          }
          return await res.json()
        } catch (error) {
          throw new Error(`price source: GET ${base}${path} failed: ${(error as Error).message}`)
        }
      })().finally(() => inflight.delete(url))
      inflight.set(url, pending)
    }
    return pending
  }

  let codes: { until: number; value: string[]; fromApi: boolean } | undefined
  let codesPending: Promise<string[]> | undefined
  const loadCodes = async (): Promise<string[]> => {
    try {
      const list = await getJson('/simple/supported_vs_currencies', {})
      if (!Array.isArray(list) || !list.every((c) => typeof c === 'string'))
        throw new Error(`price source: ${base}/simple/supported_vs_currencies is not a list of codes`)
      const value = [...new Set(list.map((c) => c.toUpperCase()))].filter((c) => /^[A-Z]{3,5}$/.test(c))
      if (!value.length) throw new Error(`price source: ${base}/simple/supported_vs_currencies is empty`)
      codes = { until: now() + FIAT_CODES_TTL_MS, value, fromApi: true }
    } catch (error) {
      options.onError?.(error)
      // Keep a list CoinGecko gave earlier; else the static table's codes. Asked again after cacheSeconds.
      const value = codes?.fromApi ? codes.value : await options.fallback.fiatCodes()
      codes = { until: now() + ttl, value, fromApi: codes?.fromApi ?? false }
    }
    return codes.value
  }

  const cache = new Map<string, Entry>()
  const remember = (key: string, entry: Entry) => {
    cache.delete(key) // re-inserted last: the oldest entries are the first ones evicted
    cache.set(key, entry)
    if (cache.size > MAX_CACHE_ENTRIES) cache.delete(cache.keys().next().value as string)
  }

  /** Runs one request for `assets` and caches what it says (or, on failure, that there is nothing new). */
  const load = async (
    keyOf: (asset: string) => string,
    assets: string[],
    request: () => Promise<Map<string, number>>,
  ) => {
    try {
      const found = await request()
      const at = now()
      for (const asset of assets)
        remember(keyOf(asset), { until: at + ttl, price: found.get(asset), readAt: at })
    } catch (error) {
      options.onError?.(error)
      const at = now()
      for (const asset of assets) {
        const old = cache.get(keyOf(asset))
        const keep = old?.price !== undefined && old.readAt !== undefined && at - old.readAt < MAX_STALE_MS
        remember(keyOf(asset), {
          until: at + ttl,
          price: keep ? old.price : undefined,
          readAt: keep ? old.readAt : undefined,
        })
      }
    }
  }

  return {
    async fiatCodes() {
      if (codes && now() < codes.until) return codes.value
      codesPending ??= loadCodes().finally(() => {
        codesPending = undefined
      })
      return codesPending
    },

    async prices(chain: ChainConfig, assets: string[], fiat: string) {
      const ids = chain.coingecko
      if (!ids) return options.fallback.prices(chain, assets, fiat)
      const vs = fiat.toLowerCase()
      const keyOf = (asset: string) => `${chain.chainId}:${asset}:${vs}`
      const wanted = [...new Set(assets.map((a) => a.toLowerCase()))]
      const at = now()
      const due = wanted.filter((a) => !((cache.get(keyOf(a))?.until ?? 0) > at))
      const tokens = due.filter((a) => a !== 'native')
      const requests: Promise<void>[] = []
      if (due.includes('native'))
        requests.push(
          load(keyOf, ['native'], async () => {
            const body = await getJson('/simple/price', { ids: [ids.nativeCoinId], vs_currencies: [vs] })
            const price = pricesIn(body, vs).get(ids.nativeCoinId.toLowerCase())
            return new Map(price === undefined ? [] : [['native', price]])
          }),
        )
      for (let i = 0; i < tokens.length; i += ADDRESSES_PER_REQUEST) {
        const chunk = tokens.slice(i, i + ADDRESSES_PER_REQUEST)
        requests.push(
          load(keyOf, chunk, async () => {
            const body = await getJson(`/simple/token_price/${encodeURIComponent(ids.platform)}`, {
              contract_addresses: chunk,
              vs_currencies: [vs],
            })
            return pricesIn(body, vs)
          }),
        )
      }
      await Promise.all(requests)
      const out = new Map<string, number>()
      for (const asset of wanted) {
        const price = cache.get(keyOf(asset))?.price
        if (price !== undefined) out.set(asset, price)
      }
      return out
    },
  }
}

/** `{id: {vs: price}}` answers by lower-case id (token_price keys are addresses), valid prices only. */
function pricesIn(body: unknown, vs: string): Map<string, number> {
  const out = new Map<string, number>()
  if (!body || typeof body !== 'object' || Array.isArray(body)) return out
  for (const [id, entry] of Object.entries(body)) {
    const value = entry && typeof entry === 'object' ? (entry as Record<string, unknown>)[vs] : undefined
    if (typeof value === 'number' && Number.isFinite(value) && value >= 0) out.set(id.toLowerCase(), value)
  }
  return out
}
