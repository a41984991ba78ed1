import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createTestConfig } from '../../testing/createTestConfig.ts'

const PUBLIC_URL = 'https://concord.test/base'

describe('v2 chains, URL fields and features', () => {
  let gateway: Gateway
  const get = (path: string) => gateway.app.request(path, { headers: { host: 'gw.test' } })
  const getJson = async (path: string): Promise<any> => (await get(path)).json()

  beforeAll(async () => {
    const chains = Array.from({ length: 3 }, (_, i) => ({
      chainId: 31337 + i,
      devnet: i === 0,
      ...(i === 1
        ? {
            explorer: {
              address: 'https://scan.test/a/{{address}}',
              txHash: 'https://scan.test/t/{{txHash}}',
            },
            logoUri: 'https://img.test/chain.png',
            nativeCurrency: { name: 'Gas', symbol: 'GAS', decimals: 18, logoUri: 'https://img.test/gas.png' },
            features: { add: ['TX_NOTES'], remove: ['ERC721'] },
          }
        : {}),
    }))
    gateway = await createGateway(
      createTestConfig({
        chains,
        publicUrl: `${PUBLIC_URL}/`,
        serviceKeys: {
          WALLET_WEB: { add: [], remove: ['DELETE_TX'] },
          MOBILE: { add: ['SEND_FLOW'], remove: [] },
        },
        safeApps: [{ url: 'https://app.test', name: 'App', chainIds: [31338] }],
      }),
    )
  }, 60_000)
  afterAll(async () => {
    await gateway?.stop()
  })

  it('GET /v2/chains?serviceKey=WALLET_WEB: the v1 shape, paginated, next keeps the key', async () => {
    const page = await getJson('/v2/chains?serviceKey=WALLET_WEB&cursor=limit%3D2%26offset%3D0')
    expect(page.count).toBe(3)
    expect(page.results.map((c: { chainId: string }) => c.chainId)).toEqual(['31337', '31338'])
    expect(page.next).toBe('http://gw.test/v2/chains?serviceKey=WALLET_WEB&cursor=limit%3D2%26offset%3D2')
    const v1 = await getJson('/v1/chains/31337')
    const { features: v2Features, ...v2 } = page.results[0]
    const { features: v1Features, ...rest } = v1
    expect(v2).toEqual(rest)
    expect(v1Features).toContain('DELETE_TX')
    expect(v2Features).not.toContain('DELETE_TX')
  })

  it('args: serviceKey selects per-service features', async () => {
    const mobile = await getJson('/v2/chains/31337?serviceKey=MOBILE')
    expect(mobile.features).toContain('SEND_FLOW')
    expect(mobile.features).toContain('DELETE_TX')
    expect(mobile.features).toEqual([...mobile.features].sort())
  })

  it('error: serviceKey missing or empty is 422', async () => {
    for (const path of [
      '/v2/chains',
      '/v2/chains?serviceKey=',
      '/v2/chains/31337',
      '/v2/chains/31337?serviceKey=',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(422)
      const body: any = await res.json()
      expect(body.code).toBe(422)
      expect(body.message).toMatch(/serviceKey query parameter is required/)
    }
  })

  it('error: an unknown service key or chain is 404 {"code":404,"message":"An error occurred"}', async () => {
    for (const path of [
      '/v2/chains?serviceKey=NOPE',
      '/v2/chains/31337?serviceKey=NOPE',
      '/v2/chains/5?serviceKey=WALLET_WEB',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(await res.json()).toEqual({ code: 404, message: 'An error occurred' })
    }
  })

  it('behavior: no URL-typed field is empty; unconfigured ones point at the gateway', async () => {
    const chain = await getJson('/v1/chains/31339')
    expect(chain.transactionService).toBe(PUBLIC_URL)
    expect(chain.chainLogoUri).toBe(`${PUBLIC_URL}/logos/chain.svg`)
    expect(chain.nativeCurrency.logoUri).toBe(`${PUBLIC_URL}/logos/native.svg`)
    expect(chain.blockExplorerUriTemplate.address).toBe(`${PUBLIC_URL}/explorer/31339/address/{{address}}`)
    expect(chain.blockExplorerUriTemplate.txHash).toBe(`${PUBLIC_URL}/explorer/31339/tx/{{txHash}}`)
    expect(chain.publicRpcUri.value).toBe(`${PUBLIC_URL}/v1/chains/31339/rpc`)
    for (const url of [chain.blockExplorerUriTemplate.api, chain.safeAppsRpcUri.value, chain.rpcUri.value])
      expect(URL.canParse(url)).toBe(true)
  })

  it('behavior: configured URLs and feature changes win', async () => {
    const chain = await getJson('/v1/chains/31338')
    expect(chain.chainLogoUri).toBe('https://img.test/chain.png')
    expect(chain.nativeCurrency.logoUri).toBe('https://img.test/gas.png')
    expect(chain.blockExplorerUriTemplate.address).toBe('https://scan.test/a/{{address}}')
    expect(chain.features).toContain('TX_NOTES')
    expect(chain.features).toContain('SAFE_APPS')
    expect(chain.features).not.toContain('ERC721')
    expect((await getJson('/v1/chains/31337')).features).not.toContain('SAFE_APPS')
  })

  it('GET /logos/chain.svg and /logos/native.svg', async () => {
    for (const path of ['/logos/chain.svg', '/logos/native.svg']) {
      const res = await get(path)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/svg+xml')
      expect(await res.text()).toMatch(/^<svg /)
    }
  })

  it('POST /v1/chains/{chainId}/rpc: a JSON-RPC error naming what to configure', async () => {
    const res = await gateway.app.request('/v1/chains/31339/rpc', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] }),
    })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: 7, error: { code: -32002 } })
  })

  it('GET /v1/chains/{chainId}/safe-apps: configured apps of the chain, url and clientUrl filters', async () => {
    expect(await getJson('/v1/chains/31337/safe-apps')).toEqual([])
    const apps = await getJson('/v1/chains/31338/safe-apps')
    expect(apps).toEqual([
      expect.objectContaining({
        id: 1,
        url: 'https://app.test',
        chainIds: ['31338'],
        accessControl: { type: 'NO_RESTRICTIONS', value: null },
      }),
    ])
    expect(await getJson('/v1/chains/31338/safe-apps?url=https://other.test')).toEqual([])
    expect(
      await getJson('/v1/chains/31338/safe-apps?url=https://app.test&clientUrl=https://x.test'),
    ).toHaveLength(1)
    expect((await get('/v1/chains/5/safe-apps')).status).toBe(404)
  })
})
