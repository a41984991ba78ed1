import { safeV141 } from '@concord/safe/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createTestConfig } from '../../testing/createTestConfig.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabases.ts'

const CHAIN_COUNT = 25
const PUBLIC_URL = 'https://concord.test'

describe.each(testDatabaseKinds())('chains routes on %s', (kind) => {
  let gateway: Gateway
  let database: TestDatabase
  const get = (path: string, headers: Record<string, string> = {}) =>
    gateway.app.request(path, { headers: { host: 'gw.test', ...headers } })
  const getJson = async (path: string, headers?: Record<string, string>): Promise<any> =>
    (await get(path, headers)).json()

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    const chains = Array.from({ length: CHAIN_COUNT }, (_, i) => ({
      chainId: i === 0 ? 31337 : 1000 + i,
      name: i === 0 ? 'Devnet' : `Chain ${i}`,
      shortName: i === 0 ? 'dev' : `c${i}`,
      devnet: i === 0,
      isTestnet: i === 0,
      explorer: {
        address: 'https://scan.test/address/{{address}}',
        txHash: 'https://scan.test/tx/{{txHash}}',
        api: '',
      },
      gasPrice: [{ type: 'FIXED' as const, weiValue: '1000000000' }],
      ...(i === 3 ? { features: { add: ['TX_NOTES'], remove: ['ERC721'] }, explorer: undefined } : {}),
      // The devnet's own node is public; every other chain's rpcUrl holds a key.
      ...(i === 0 ? {} : { rpcUrl: [`https://rpc.example/v3/secret-key-${i}`] }),
      ...(i === 2 ? { publicRpcUrl: 'https://public.example/' } : {}),
    }))
    gateway = await createGateway(
      createTestConfig({
        databaseUrl: database.url,
        chains,
        publicUrl: PUBLIC_URL,
        serviceKeys: { WALLET_WEB: { remove: ['DELETE_TX'] }, MOBILE: {} },
      }),
    )
  }, 60_000)
  afterAll(async () => {
    await gateway?.stop()
    await database?.drop()
  })

  it('GET /v1/chains/{chainId}: the full CGW Chain shape', async () => {
    const res = await get('/v1/chains/31337')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    const chain: any = await res.json()
    expect(chain).toMatchObject({
      chainId: '31337',
      chainName: 'Devnet',
      shortName: 'dev',
      isTestnet: true,
      l2: true,
      nativeCurrency: {
        name: 'Ether',
        symbol: 'ETH',
        decimals: 18,
        logoUri: `${PUBLIC_URL}/logos/native.svg`,
      },
      chainLogoUri: `${PUBLIC_URL}/logos/chain.svg`,
      transactionService: PUBLIC_URL,
      rpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:8545' },
      publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:8545' },
      safeAppsRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:8545' },
      blockExplorerUriTemplate: {
        address: 'https://scan.test/address/{{address}}',
        txHash: 'https://scan.test/tx/{{txHash}}',
      },
      gasPrice: [{ type: 'fixed', weiValue: '1000000000' }],
      ensRegistryAddress: null,
      theme: { textColor: expect.any(String), backgroundColor: expect.any(String) },
      recommendedMasterCopyVersion: '1.4.1',
    })
    expect(chain.contractAddresses.safeSingletonAddress).toBe(safeV141.safeL2)
    // Backed by mounted routes; no Safe App is configured and no ENS registry: neither is advertised.
    expect(chain.features).toEqual(
      expect.arrayContaining(['DELETE_TX', 'ERC721', 'PROPOSERS', 'SAFE_TX_GAS_OPTIONAL']),
    )
    expect(chain.features).not.toContain('SAFE_APPS')
    expect(chain.features).not.toContain('DOMAIN_LOOKUP')
    expect(chain.features).toEqual([...chain.features].sort())
  })

  it('GET /v1/chains: first page with an absolute next link', async () => {
    const page = await getJson('/v1/chains')
    expect(page.count).toBe(CHAIN_COUNT)
    expect(page.results).toHaveLength(20)
    expect(page.results[0].chainId).toBe('31337')
    expect(page.previous).toBeNull()
    expect(page.next).toBe('http://gw.test/v1/chains?cursor=limit%3D20%26offset%3D20')
  })

  it('behavior: following next, then previous', async () => {
    const first = await getJson('/v1/chains')
    const second = await getJson(new URL(first.next).pathname + new URL(first.next).search)
    expect(second.results.map((c: { chainId: string }) => c.chainId)).toEqual(
      Array.from({ length: 5 }, (_, i) => String(1020 + i)),
    )
    expect(second.next).toBeNull()
    expect(second.previous).toBe('http://gw.test/v1/chains?cursor=limit%3D20%26offset%3D0')
  })

  it('behavior: links keep other query parameters and ignore X-Forwarded-* (trustProxy is off)', async () => {
    const page = await getJson('/v1/chains?cursor=limit%3D10%26offset%3D10&foo=bar', {
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.example',
    })
    expect(page.results).toHaveLength(10)
    expect(page.results[0].chainId).toBe('1010')
    expect(page.next).toBe('http://gw.test/v1/chains?cursor=limit%3D10%26offset%3D20&foo=bar')
    expect(page.previous).toBe('http://gw.test/v1/chains?cursor=limit%3D10%26offset%3D0&foo=bar')
  })

  it('behavior: an offset past the safe integer range is a broken cursor: the first page', async () => {
    for (const offset of ['9007199254740992', '99999999999999999999', '-1']) {
      const res = await get(`/v1/chains?cursor=${encodeURIComponent(`limit=5&offset=${offset}`)}`)
      expect(res.status).toBe(200)
      const page: any = await res.json()
      expect(page.results[0].chainId).toBe('31337')
      expect(page.results).toHaveLength(20)
    }
  })

  it('behavior: a chain without publicRpcUrl never publishes its rpcUrl', async () => {
    const chain: any = await getJson('/v1/chains/1001')
    for (const key of ['rpcUri', 'publicRpcUri', 'safeAppsRpcUri'])
      expect(chain[key]).toEqual({ authentication: 'UNKNOWN', value: `${PUBLIC_URL}/v1/chains/1001/rpc` })
    expect(JSON.stringify(await getJson('/v1/chains'))).not.toContain('secret-key')
  })

  it('behavior: publicRpcUrl is what browsers get', async () => {
    const chain: any = await getJson('/v1/chains/1002')
    expect(chain.publicRpcUri).toEqual({
      authentication: 'NO_AUTHENTICATION',
      value: 'https://public.example/',
    })
    expect(chain.rpcUri).toEqual(chain.publicRpcUri)
  })

  it('behavior: a broken cursor gives the default page', async () => {
    const page = await getJson('/v1/chains?cursor=limit%3Dabc')
    expect(page.results).toHaveLength(20)
    expect(page.results[0].chainId).toBe('31337')
  })

  it('behavior: a trailing slash is tolerated', async () => {
    expect((await get('/v1/chains/')).status).toBe(200)
    expect((await getJson('/v1/chains/31337/')).chainId).toBe('31337')
  })

  it('error: unknown chain is 404 with {code, message}', async () => {
    const res = await get('/v1/chains/5')
    expect(res.status).toBe(404)
    expect(await res.json()).toEqual({ code: 404, message: 'Chain 5 is not served by this gateway' })
  })

  it.each(['9007199254740992', '9007199254740993', '18446744073709551616', '0', '031337', '-1', '1e3'])(
    'error: chain id %s (not a safe integer, or not canonical) is 422 {code, message}',
    async (id) => {
      const res = await get(`/v1/chains/${id}`)
      expect(res.status).toBe(422)
      expect(await res.json()).toEqual({ code: 422, message: 'Invalid chain id (chainId)' })
    },
  )

  it('behavior: the largest safe integer is a valid chain id (that this gateway does not serve)', async () => {
    expect((await get('/v1/chains/9007199254740991')).status).toBe(404)
  })

  it('error: a malformed chain id is 422 with {code, message}', async () => {
    const res = await get('/v1/chains/abc')
    expect(res.status).toBe(422)
    const body: any = await res.json()
    expect(body.code).toBe(422)
    expect(body.message).toMatch(/Invalid chain id/)
  })

  it('GET /v1/chains/{chainId}/about/master-copies: canonical singletons', async () => {
    const copies = await getJson('/v1/chains/31337/about/master-copies')
    expect(copies).toContainEqual({ address: safeV141.safeL2, version: '1.4.1' })
    expect(copies).toContainEqual({ address: safeV141.safe, version: '1.4.1' })
    expect(copies.some((c: { version: string }) => c.version === '1.3.0')).toBe(true)
    expect((await get('/v1/chains/5/about/master-copies')).status).toBe(404)
  })

  it('GET /api-json: OpenAPI document generated from the route schemas', async () => {
    const doc = await getJson('/api-json')
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/chains',
        '/v1/chains/{chainId}',
        '/v1/chains/{chainId}/about/master-copies',
      ]),
    )
    expect(doc.components.schemas.Chain.properties.gasPrice).toBeDefined()
  })

  it('GET /health', async () => {
    const health = await getJson('/health')
    expect(health).toMatchObject({ status: 'ok', database: kind, indexing: [] })
    // Every chain's indexing figures; these chains' nodes do not answer.
    expect(health.chains).toHaveLength(CHAIN_COUNT)
    expect(health.chains[1]).toMatchObject({ chainId: 1001, synced: false, error: expect.any(String) })
    // What is wrong with its endpoint, named without the key its URL holds.
    expect(health.chains[1].rpc).toEqual([
      expect.objectContaining({
        url: 'https://rpc.example/v3/…',
        requests: expect.any(Number),
        problem: expect.objectContaining({
          kind: 'unavailable',
          message: expect.stringMatching(/^https:\/\/rpc\.example\/v3\/… answered /),
        }),
      }),
    ])
    expect(JSON.stringify(health)).not.toMatch(/secret-key/)
  })

  it('error: unknown route is 404 JSON', async () => {
    const res = await get('/v1/nope')
    expect(res.status).toBe(404)
    expect(((await res.json()) as any).code).toBe(404)
  })
})

describe('chain configuration sync', () => {
  it('a restart with another configuration replaces the stored chains', async () => {
    const dir = `${process.env.TMPDIR ?? '/tmp'}/concord-sync-${process.pid}-${Date.now()}`
    const first = await createGateway(
      createTestConfig({ databaseUrl: undefined, dataDir: dir, chains: [{ chainId: 1 }, { chainId: 2 }] }),
    )
    await first.stop()
    const second = await createGateway(
      createTestConfig({ databaseUrl: undefined, dataDir: dir, chains: [{ chainId: 2, name: 'Renamed' }] }),
    )
    const page: any = await (await second.app.request('/v1/chains')).json()
    await second.stop()
    expect(page.results.map((c: { chainId: string; chainName: string }) => [c.chainId, c.chainName])).toEqual(
      [['2', 'Renamed']],
    )
  })
})
