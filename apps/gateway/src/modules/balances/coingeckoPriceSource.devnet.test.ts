// Balances through the gateway with the CoinGecko price source: amounts from the devnet, fiat values from a
// local imitation of the API; when it fails or hangs the route still answers 200 with zero fiat values.
import { type Devnet, startDevnet } from '@concord/devnet'
import { formatUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetChainConfig } from '../../config/devnetChain.ts'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { type CoingeckoStub, startCoingeckoStub } from '../../testing/coingeckoStub.ts'
import { createTestConfig } from '../../testing/createTestConfig.ts'
import { fiatString } from './balances.routes.ts'

let devnet: Devnet
let gateway: Gateway
let stub: CoingeckoStub
const treasury = () => devnet.scenario!.safes.treasury.address
const balances = async (fiat: string) => {
  const res = await gateway.app.request(`/v1/chains/31337/safes/${treasury()}/balances/${fiat}`)
  expect(res.status).toBe(200)
  return (await res.json()) as {
    fiatTotal: string
    items: {
      tokenInfo: { address: string; decimals: number; symbol: string }
      balance: string
      fiatBalance: string
      fiatConversion: string
    }[]
  }
}

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  stub = await startCoingeckoStub()
  stub.currencies = ['usd', 'eur', 'btc', 'jpy']
  stub.coinPrices = { 'concord-ether': { eur: 2000, usd: 2200 } }
  // cUSD is priced, CGT is not known to the API.
  stub.tokenPrices = { 'concord-devnet': { [devnet.assets!.usd]: { eur: 0.9, usd: 1 } } }
  gateway = await createGateway(
    createTestConfig({
      chains: [
        {
          ...devnetChainConfig(devnet),
          rpcUrl: [devnet.rpcUrl],
          coingecko: { platform: 'concord-devnet', nativeCoinId: 'concord-ether' },
        },
      ],
      priceSource: { type: 'coingecko', baseUrl: stub.url, apiKey: 'demo-key', timeoutMs: 300 },
    }),
  )
  await gateway.indexers.get(31337)!.sync()
})

afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
  await stub?.close()
})

describe('balances with the CoinGecko price source', () => {
  it('fiat values come from the API (not the static demo prices)', async () => {
    const body = await balances('eur')
    const bySymbol = new Map(body.items.map((i) => [i.tokenInfo.symbol, i]))
    const value = (symbol: string, price: number) => {
      const item = bySymbol.get(symbol)!
      return Number(formatUnits(BigInt(item.balance), item.tokenInfo.decimals)) * price
    }
    expect(bySymbol.get('ETH')).toMatchObject({
      fiatConversion: '2000',
      fiatBalance: fiatString(value('ETH', 2000)),
    })
    expect(bySymbol.get('cUSD')).toMatchObject({
      fiatConversion: '0.9',
      fiatBalance: fiatString(value('cUSD', 0.9)),
    })
    expect(bySymbol.get('CGT')).toMatchObject({ fiatConversion: '0', fiatBalance: '0' })
    expect(body.fiatTotal).toBe(fiatString(value('ETH', 2000) + value('cUSD', 0.9)))

    const token = stub.requests.find((r) => r.path === '/api/v3/simple/token_price/concord-devnet')!
    expect(token.query.get('contract_addresses')?.split(',').sort()).toEqual(
      [devnet.assets!.usd, devnet.assets!.gov].map((a) => a.toLowerCase()).sort(),
    )
    expect(token.query.get('vs_currencies')).toBe('eur')
    expect(token.headers['x-cg-demo-api-key']).toBe('demo-key')
    expect(
      stub.requests.some((r) => r.path === '/api/v3/simple/price' && r.query.get('ids') === 'concord-ether'),
    ).toBe(true)

    // Within cacheSeconds the same balances make no request.
    const seen = stub.requests.length
    await balances('EUR')
    expect(stub.requests.length).toBe(seen)
  })

  it('fiat codes: the API list; one it does not have is a 404', async () => {
    const codes = await gateway.app.request('/v1/balances/supported-fiat-codes')
    expect(await codes.json()).toEqual(['USD', 'EUR', 'BTC', 'JPY'])
    expect((await gateway.app.request(`/v1/chains/31337/safes/${treasury()}/balances/chf`)).status).toBe(404)
  })

  it('error: a failing API gives zero fiat values, still 200', async () => {
    stub.mode = 'error'
    const body = await balances('btc')
    expect(body.fiatTotal).toBe('0')
    expect(body.items.length).toBeGreaterThan(1)
    expect(body.items.every((i) => i.fiatBalance === '0' && i.fiatConversion === '0')).toBe(true)
  })

  it('error: an API that never answers gives zero fiat values after the timeout, still 200', async () => {
    stub.mode = 'hang'
    const started = performance.now()
    const body = await balances('jpy')
    expect(performance.now() - started).toBeLessThan(5_000)
    expect(body.fiatTotal).toBe('0')
    expect(body.items.find((i) => i.tokenInfo.symbol === 'ETH')?.balance).not.toBe('0')
  })
})
