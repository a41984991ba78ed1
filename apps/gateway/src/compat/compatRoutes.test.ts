// Validation rules of the Client Gateway routes Safe{Wallet} needs beyond the SDK's (Safe overviews, indexing,
// positions, targeted messaging), on a stub chain node.
import { safeV141 } from '@concord/safe/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../createApp.ts'
import { createDatabase, type Store } from '../db/createDatabase.ts'
import { safes } from '../db/schema.ts'
import { createChainsRepository } from '../modules/chains/chains.repository.ts'
import { createTestConfig } from '../testing/createTestConfig.ts'
import { type RpcStub, startRpcStub } from '../testing/rpcStub.ts'

const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let rpc: RpcStub
let store: Store
let app: ReturnType<typeof createApp>
const get = async (path: string) => {
  const res = await app.request(path)
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

beforeAll(async () => {
  rpc = await startRpcStub(31337)
  const config = createTestConfig({ chains: [{ chainId: 31337, devnet: true, rpcUrl: [rpc.url] }] })
  store = await createDatabase(config)
  await createChainsRepository(store.db).sync(config.chains)
  await store.db.insert(safes).values({
    chainId: 31337,
    address: SAFE,
    owners: [OWNER],
    threshold: 1,
    nonce: 3,
    modules: [],
    implementation: safeV141.safeL2,
    creationTxHash: `0x${'11'.repeat(32)}`,
    creationBlock: 1,
    updatedBlock: 1,
  })
  app = createApp({ store })
}, 60_000)

afterAll(async () => {
  await store?.close()
  await rpc?.close()
})

describe('GET /v2/safes', () => {
  it('default: the overview of an indexed Safe; awaitingConfirmation null without a wallet', async () => {
    const { status, body } = await get(`/v2/safes?safes=31337:${SAFE.toLowerCase()}&currency=usd`)
    expect(status).toBe(200)
    expect(body).toEqual([
      {
        address: { value: SAFE, name: null, logoUri: null },
        chainId: '31337',
        threshold: 1,
        owners: [{ value: OWNER, name: null, logoUri: null }],
        fiatTotal: '0',
        queued: 0,
        awaitingConfirmation: null,
      },
    ])
    const withWallet = await get(`/v2/safes?safes=31337:${SAFE}&currency=usd&wallet_address=${OWNER}`)
    expect(withWallet.body[0].awaitingConfirmation).toBe(0)
  })

  it('behavior: unknown Safes and chains are dropped, order kept, at most 10 entries used', async () => {
    const other = '0x0000000000000000000000000000000000000001'
    const { body } = await get(`/v2/safes?safes=31337:${other},1:${SAFE},31337:${SAFE}&currency=USD`)
    expect(body.map((o: { chainId: string }) => o.chainId)).toEqual(['31337'])
    const twelve = Array.from({ length: 12 }, () => `31337:${SAFE}`).join(',')
    expect((await get(`/v2/safes?safes=${twelve}&currency=usd`)).body).toHaveLength(10)
    // Without a currency every balance lookup fails, so every Safe is dropped (as CGW).
    expect((await get(`/v1/safes?safes=31337:${SAFE}`)).body).toEqual([])
  })

  it.each([
    ['', 'Invalid input: expected string'],
    ['safes=', 'Invalid base-10 numeric string'],
    [`safes=1-${SAFE}`, 'Invalid base-10 numeric string'],
    [`safes=:${SAFE}`, 'Invalid base-10 numeric string'],
    ['safes=1:0xabc', 'Invalid address'],
    [`safes=31337:${SAFE},x:${SAFE}`, 'Invalid base-10 numeric string'],
    [`safes=31337:${SAFE}&wallet_address=0x12`, 'Invalid address'],
  ])('error: %s is 422', async (query, message) => {
    const { status, body } = await get(`/v2/safes?${query}`)
    expect(status).toBe(422)
    expect(body.code).toBe(422)
    expect(body.message).toContain(message)
  })

  it('error: trusted that is not a boolean string is 400', async () => {
    const { status, body } = await get(`/v2/safes?safes=31337:${SAFE}&currency=usd&trusted=yes`)
    expect(status).toBe(400)
    expect(body).toEqual({ code: 400, message: 'Validation failed (boolean string is expected)' })
  })
})

describe('GET /v1/chains/{chainId}/safes/{safeAddress}/positions/{fiatCode}', () => {
  it('default: [] for any fiat code CGW knows, in any case', async () => {
    for (const code of ['USD', 'eur', 'Btc'])
      expect((await get(`/v1/chains/31337/safes/${SAFE}/positions/${code}`)).body).toEqual([])
  })

  it('error: an unknown fiat code is 400, a bad address 422, an unknown chain 404', async () => {
    expect(await get(`/v1/chains/31337/safes/${SAFE}/positions/xyz`)).toEqual({
      status: 400,
      body: { code: 400, message: 'Unsupported currency code: xyz' },
    })
    expect((await get('/v1/chains/31337/safes/0x12/positions/usd')).status).toBe(422)
    expect((await get(`/v1/chains/5/safes/${SAFE}/positions/usd`)).status).toBe(404)
  })
})

describe('targeted messaging', () => {
  const base = `/v1/targeted-messaging/outreaches`
  it('default: a Safe is in no outreach: 404; its submission: 204', async () => {
    expect((await get(`${base}/3/chains/31337/safes/${SAFE}`)).status).toBe(404)
    const res = await app.request(`${base}/3/chains/1/safes/${SAFE}/signers/${OWNER}/submissions`)
    expect(res.status).toBe(204)
    expect(await res.text()).toBe('')
  })

  it('error: outreachId not an integer 400, chainId not numeric 422, bad address 422', async () => {
    expect(await get(`${base}/abc/chains/1/safes/${SAFE}`)).toEqual({
      status: 400,
      body: { code: 400, message: 'Validation failed (numeric string is expected)' },
    })
    const chain = await get(`${base}/3/chains/x1/safes/${SAFE}`)
    expect(chain.status).toBe(422)
    expect(chain.body.message).toContain('Invalid base-10 numeric string')
    const address = await get(`${base}/3/chains/1/safes/0x12`)
    expect(address.status).toBe(422)
    expect(address.body.message).toContain('Invalid address')
  })
})

describe('GET /v1/chains/{chainId}/about[/indexing]', () => {
  it('default: nothing indexed yet on a chain one block long is within the reorg window', async () => {
    const { status, body } = await get('/v1/chains/31337/about/indexing')
    expect(status).toBe(200)
    expect(body).toMatchObject({
      currentBlockNumber: 1,
      erc20BlockNumber: 0,
      masterCopiesBlockNumber: 0,
      synced: true,
      lastSync: 60_000,
      erc20BlockTimestamp: '1970-01-01T00:01:00.000Z',
    })
  })

  it('default: /about names this gateway as the transaction service', async () => {
    const { body } = await get('/v1/chains/31337/about')
    expect(body).toMatchObject({ name: 'Concord', transactionServiceBaseUri: 'http://127.0.0.1:3000' })
    expect((await get('/v1/chains/5/about')).status).toBe(404)
  })
})

describe('explorer data routes', () => {
  it('default: an address as the chain shows it; a known pending transaction; an unknown one 404', async () => {
    const address = await get(`/v1/chains/31337/explorer/address/${SAFE.toLowerCase()}`)
    expect(address.body).toMatchObject({
      address: SAFE,
      balance: '0',
      isContract: false,
      safe: { threshold: 1 },
    })
    const pending = await get(`/v1/chains/31337/explorer/tx/0x${'AB'.repeat(32)}`)
    expect(pending.body).toMatchObject({ status: 'pending', blockNumber: null, value: '1' })
    expect((await get(`/v1/chains/31337/explorer/tx/0x${'cd'.repeat(32)}`)).status).toBe(404)
    expect((await get('/v1/chains/31337/explorer/tx/0x12')).status).toBe(422)
  })
})
