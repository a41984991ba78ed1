// The CoinGecko price source against a local imitation of the API: request shapes and key headers, prices
// per token, caching, failures giving no price, and the config settings that switch it on.
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type ChainConfig, chainConfigSchema } from '../../config/chainConfig.ts'
import { COINGECKO_API_URL, COINGECKO_PRO_API_URL, ConfigError, loadConfig } from '../../config/config.ts'
import { createGateway } from '../../createGateway.ts'
import { type CoingeckoStub, startCoingeckoStub } from '../../testing/coingeckoStub.ts'
import { createTestConfig } from '../../testing/createTestConfig.ts'
import { type CoingeckoOptions, createCoingeckoPriceSource } from './coingeckoPriceSource.ts'
import { createStaticPriceSource } from './priceSource.ts'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const DAI = '0x6B175474E89094C44Da98b954EedeAC495271d0F'
const UNKNOWN = '0x00000000000000000000000000000000DeaDBeef'

let stub: CoingeckoStub
beforeAll(async () => {
  stub = await startCoingeckoStub()
})
afterAll(async () => {
  await stub.close()
})
beforeEach(() => {
  stub.mode = 'ok'
  stub.requests.length = 0
  stub.currencies = ['usd', 'eur', 'btc', 'sats']
  stub.coinPrices = { ethereum: { usd: 3000, eur: 2760 } }
  stub.tokenPrices = {
    ethereum: { [USDC.toLowerCase()]: { usd: 1, eur: 0.92 }, [DAI]: { usd: 0.999, eur: 0.919 } },
  }
})

const chain: ChainConfig = chainConfigSchema.parse({
  chainId: 1,
  name: 'Ethereum',
  rpcUrl: 'http://127.0.0.1:1',
  prices: { native: 1234 },
  coingecko: { platform: 'ethereum', nativeCoinId: 'ethereum' },
})
const fallback = createStaticPriceSource({ USD: 1, EUR: 0.5 })
const errors: string[] = []
let clock = 1_000_000
const source = (options: Partial<CoingeckoOptions> = {}) =>
  createCoingeckoPriceSource({
    baseUrl: stub.url,
    plan: 'demo',
    apiKey: 'demo-key',
    cacheSeconds: 60,
    timeoutMs: 2_000,
    fallback,
    onError: (e) => errors.push((e as Error).message),
    now: () => clock,
    ...options,
  })
const paths = () => stub.requests.map((r) => r.path)

describe('CoinGecko price source', () => {
  it('fiat codes: the supported currencies, upper-case, cached, with the demo key header', async () => {
    const prices = source()
    expect(await prices.fiatCodes()).toEqual(['USD', 'EUR', 'BTC', 'SATS'])
    expect(await prices.fiatCodes()).toEqual(['USD', 'EUR', 'BTC', 'SATS'])
    expect(paths()).toEqual(['/api/v3/simple/supported_vs_currencies'])
    expect(stub.requests[0]?.headers['x-cg-demo-api-key']).toBe('demo-key')
    expect(stub.requests[0]?.headers['x-cg-pro-api-key']).toBeUndefined()
  })

  it('fiat codes: the static table when the API fails, asked again after cacheSeconds', async () => {
    stub.mode = 'error'
    const prices = source()
    expect(await prices.fiatCodes()).toEqual(['USD', 'EUR'])
    expect(await prices.fiatCodes()).toEqual(['USD', 'EUR'])
    expect(stub.requests).toHaveLength(1)
    stub.mode = 'ok'
    clock += 61_000
    expect(await prices.fiatCodes()).toEqual(['USD', 'EUR', 'BTC', 'SATS'])
    // A later failure keeps the list CoinGecko gave.
    stub.mode = 'error'
    clock += 2 * 60 * 60 * 1000
    expect(await prices.fiatCodes()).toEqual(['USD', 'EUR', 'BTC', 'SATS'])
  })

  it('prices: tokens by lower-case address and the native coin, in the asked currency', async () => {
    const prices = await source().prices(chain, ['native', USDC, DAI, UNKNOWN], 'EUR')
    expect(prices).toEqual(
      new Map([
        ['native', 2760],
        [USDC.toLowerCase(), 0.92],
        [DAI.toLowerCase(), 0.919],
      ]),
    )
    const token = stub.requests.find((r) => r.path === '/api/v3/simple/token_price/ethereum')
    expect(token?.query.get('contract_addresses')).toBe(
      [USDC, DAI, UNKNOWN].map((a) => a.toLowerCase()).join(','),
    )
    expect(token?.query.get('vs_currencies')).toBe('eur')
    expect(token?.headers['x-cg-demo-api-key']).toBe('demo-key')
    const native = stub.requests.find((r) => r.path === '/api/v3/simple/price')
    expect(Object.fromEntries(native?.query ?? [])).toEqual({ ids: 'ethereum', vs_currencies: 'eur' })
    expect(stub.requests).toHaveLength(2)
  })

  it('pro plan: the pro key header; no key, no header', async () => {
    await source({ plan: 'pro', apiKey: 'pro-key' }).prices(chain, [USDC], 'usd')
    expect(stub.requests[0]?.headers['x-cg-pro-api-key']).toBe('pro-key')
    expect(stub.requests[0]?.headers['x-cg-demo-api-key']).toBeUndefined()
    await source({ apiKey: undefined }).prices(chain, [USDC], 'usd')
    expect(Object.keys(stub.requests[1]?.headers ?? {}).filter((h) => h.startsWith('x-cg-'))).toEqual([])
  })

  it('cache: a second call within cacheSeconds makes no request, unknown tokens included', async () => {
    const prices = source()
    const first = await prices.prices(chain, ['native', USDC, UNKNOWN], 'USD')
    expect(stub.requests).toHaveLength(2)
    clock += 59_000
    expect(await prices.prices(chain, ['native', USDC.toLowerCase(), UNKNOWN], 'USD')).toEqual(first)
    expect(stub.requests).toHaveLength(2)
    // Only what is not cached is asked: a new token alone, and a new currency.
    await prices.prices(chain, ['native', USDC, DAI], 'USD')
    expect(stub.requests).toHaveLength(3)
    expect(stub.requests[2]?.query.get('contract_addresses')).toBe(DAI.toLowerCase())
    await prices.prices(chain, ['native'], 'EUR')
    expect(stub.requests).toHaveLength(4)
    // After cacheSeconds the prices are read again.
    stub.coinPrices.ethereum = { usd: 3100 }
    clock += 2_000
    expect((await prices.prices(chain, ['native'], 'USD')).get('native')).toBe(3100)
    expect(stub.requests).toHaveLength(5)
  })

  it('cache: concurrent calls share one request', async () => {
    const prices = source()
    await Promise.all([prices.prices(chain, [USDC], 'USD'), prices.prices(chain, [USDC], 'USD')])
    expect(stub.requests).toHaveLength(1)
  })

  it('error: a 500 gives no price and no error, and is not retried within cacheSeconds', async () => {
    stub.mode = 'error'
    errors.length = 0
    const prices = source()
    expect(await prices.prices(chain, ['native', USDC], 'USD')).toEqual(new Map())
    expect(errors.some((e) => e.includes('/simple/token_price/ethereum failed: HTTP 500'))).toBe(true)
    expect(stub.requests).toHaveLength(2)
    await prices.prices(chain, ['native', USDC], 'USD')
    expect(stub.requests).toHaveLength(2)
  })

  it('error: a failure keeps a price read within the last hour', async () => {
    const prices = source()
    await prices.prices(chain, [USDC], 'USD')
    stub.mode = 'error'
    clock += 61_000
    expect(await prices.prices(chain, [USDC], 'USD')).toEqual(new Map([[USDC.toLowerCase(), 1]]))
    clock += 60 * 60 * 1000
    expect(await prices.prices(chain, [USDC], 'USD')).toEqual(new Map())
  })

  it('error: a server that never answers times out with no price', async () => {
    stub.mode = 'hang'
    const started = performance.now()
    const prices = source({ timeoutMs: 200 })
    expect(await prices.prices(chain, ['native', USDC], 'USD')).toEqual(new Map())
    expect(await prices.fiatCodes()).toEqual(['USD', 'EUR'])
    expect(performance.now() - started).toBeLessThan(2_000)
  })

  it('a chain without coingecko ids keeps the static prices (no request)', async () => {
    const plain = chainConfigSchema.parse({ ...chain, rpcUrl: 'http://127.0.0.1:1', coingecko: undefined })
    expect(await source().prices(plain, ['native', USDC], 'EUR')).toEqual(new Map([['native', 617]]))
    expect(stub.requests).toHaveLength(0)
  })

  it('many tokens: 100 addresses per request', async () => {
    const many = Array.from({ length: 150 }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}`)
    await source().prices(chain, many, 'USD')
    expect(stub.requests.map((r) => r.query.get('contract_addresses')?.split(',').length)).toEqual([100, 50])
  })
})

describe('config priceSource', () => {
  const chainEntry = { chainId: 1, name: 'Ethereum', rpcUrl: 'http://127.0.0.1:8545' }
  const load = (file: Record<string, unknown>) => {
    const path = join(mkdtempSync(join(tmpdir(), 'concord-config-')), 'concord.json')
    writeFileSync(path, JSON.stringify({ chains: [chainEntry], ...file }))
    return loadConfig({ CONCORD_CONFIG: path })
  }

  it('default: static; coingecko fills its defaults (public API for demo, pro API for pro)', () => {
    expect(load({}).priceSource).toEqual({ type: 'static' })
    expect(load({ priceSource: { type: 'coingecko' } }).priceSource).toEqual({
      type: 'coingecko',
      plan: 'demo',
      baseUrl: COINGECKO_API_URL,
      cacheSeconds: 60,
      timeoutMs: 5_000,
    })
    expect(load({ priceSource: { type: 'coingecko', plan: 'pro', apiKey: 'k' } }).priceSource).toMatchObject({
      baseUrl: COINGECKO_PRO_API_URL,
      apiKey: 'k',
    })
    const config = load({
      priceSource: { type: 'coingecko', baseUrl: 'http://127.0.0.1:9999/api/v3/' },
      chains: [{ ...chainEntry, coingecko: { platform: 'ethereum', nativeCoinId: 'ethereum' } }],
    })
    expect(config.priceSource).toMatchObject({ baseUrl: 'http://127.0.0.1:9999/api/v3' })
    expect(config.chains[0]?.coingecko).toEqual({ platform: 'ethereum', nativeCoinId: 'ethereum' })
  })

  it.each([
    [{ priceSource: { type: 'coinmarketcap' } }, /priceSource\.type: /],
    [{ priceSource: { type: 'coingecko', cacheSeconds: -1 } }, /priceSource\.cacheSeconds: /],
    [{ priceSource: { type: 'coingecko', timeoutMs: 'soon' } }, /priceSource\.timeoutMs: /],
    [{ priceSource: { type: 'coingecko', baseUrl: 'ftp://x' } }, /priceSource\.baseUrl: /],
    [{ priceSource: { type: 'coingecko', plan: 'free' } }, /priceSource\.plan: /],
    [{ priceSource: { type: 'coingecko', plan: 'pro' } }, /priceSource\.apiKey: required with plan "pro"/],
    [{ priceSource: { type: 'coingecko', api_key: 'k' } }, /priceSource: Unrecognized key.*api_key/],
    [
      { chains: [{ ...chainEntry, coingecko: { platform: 'ethereum' } }] },
      /chains\.0\.coingecko\.nativeCoinId: /,
    ],
  ])('error: %o names the setting', (file, message) => {
    expect(() => load(file)).toThrow(ConfigError)
    expect(() => load(file)).toThrow(message)
  })
})

describe('gateway wiring', () => {
  it('GET /v1/balances/supported-fiat-codes comes from the configured CoinGecko API', async () => {
    const gateway = await createGateway(
      createTestConfig({ priceSource: { type: 'coingecko', baseUrl: stub.url, apiKey: 'gw-key' } }),
    )
    try {
      const res = await gateway.app.request('/v1/balances/supported-fiat-codes')
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual(['USD', 'EUR', 'BTC', 'SATS'])
      expect(stub.requests[0]?.headers['x-cg-demo-api-key']).toBe('gw-key')
    } finally {
      await gateway.stop()
    }
  })

  it('static by default: the fiatRates table, no request', async () => {
    const gateway = await createGateway(createTestConfig({ fiatRates: { USD: 1, CHF: 0.9 } }))
    try {
      expect(await (await gateway.app.request('/v1/balances/supported-fiat-codes')).json()).toEqual([
        'USD',
        'CHF',
      ])
      expect(stub.requests).toHaveLength(0)
    } finally {
      await gateway.stop()
    }
  })
})
