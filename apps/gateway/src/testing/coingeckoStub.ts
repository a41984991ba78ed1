// A local imitation of the three CoinGecko endpoints the price source uses, on 127.0.0.1, recording every
// request. Answers come from mutable tables; `mode` makes it fail (500) or never answer.
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export type CoingeckoStub = {
  /** API root, e.g. http://127.0.0.1:51234/api/v3. */
  url: string
  requests: { path: string; query: URLSearchParams; headers: IncomingHttpHeaders }[]
  mode: 'ok' | 'error' | 'hang'
  /** platform → contract address (any case) → currency → price. */
  tokenPrices: Record<string, Record<string, Record<string, number>>>
  /** coin id → currency → price. */
  coinPrices: Record<string, Record<string, number>>
  currencies: string[]
  close(): Promise<void>
}

export async function startCoingeckoStub(): Promise<CoingeckoStub> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stub')
    stub.requests.push({ path: url.pathname, query: url.searchParams, headers: req.headers })
    if (stub.mode === 'hang') return
    if (stub.mode === 'error') return void res.writeHead(500).end('{"error":"stub failure"}')
    const list = (name: string) => (url.searchParams.get(name) ?? '').split(',').filter(Boolean)
    const pick = (prices: Record<string, number> | undefined) =>
      prices &&
      Object.fromEntries(Object.entries(prices).filter(([vs]) => list('vs_currencies').includes(vs)))
    let body: unknown
    const path = url.pathname.replace(/^\/api\/v3/, '')
    const platform = /^\/simple\/token_price\/([^/]+)$/.exec(path)?.[1]
    if (path === '/simple/supported_vs_currencies') body = stub.currencies
    else if (path === '/simple/price')
      body = Object.fromEntries(
        list('ids').flatMap((id) => (stub.coinPrices[id] ? [[id, pick(stub.coinPrices[id])]] : [])),
      )
    else if (platform) {
      const table = new Map(
        Object.entries(stub.tokenPrices[decodeURIComponent(platform)] ?? {}).map(([a, p]) => [
          a.toLowerCase(),
          p,
        ]),
      )
      body = Object.fromEntries(
        list('contract_addresses').flatMap((a) => {
          const prices = table.get(a.toLowerCase())
          return prices ? [[a.toLowerCase(), pick(prices)]] : []
        }),
      )
    } else return void res.writeHead(404).end('{"error":"not found"}')
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const stub: CoingeckoStub = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v3`,
    requests: [],
    mode: 'ok',
    tokenPrices: {},
    coinPrices: {},
    currencies: ['usd', 'eur', 'btc'],
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
  return stub
}
