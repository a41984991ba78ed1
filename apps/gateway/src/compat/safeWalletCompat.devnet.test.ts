// Safe{Wallet} against Concord: the requests Safe{Wallet} makes when it opens a Safe (chains, Safe, balances,
// history, queue, NFTs, overviews, indexing, positions, outreach, proposers, messages, Safe Apps), each validated
// with the Client Gateway's response shapes (testing/cgwSchemas.ts): every one answered, every shape valid, no empty
// URL. Then: every feature the chain advertises is backed, and the CORS preflights Safe{Wallet} sends.
import { type Devnet, startDevnet, testAccount } from '@concord/devnet'
import { DEVNET_ALLOWANCE_MODULE } from '@concord/safe/allowanceModule'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { createGateway, type Gateway } from '../createGateway.ts'
import { ALLOWANCE_MODULES } from '../modules/chains/chainFeatures.ts'
import * as cgw from '../testing/cgwSchemas.ts'
import { createDevnetTestConfig } from '../testing/createTestConfig.ts'

const CHAIN = '31337'
const WEB_ORIGIN = 'https://wallet.example'
const wallet = testAccount(0).address

let devnet: Devnet
let gateway: Gateway
let treasury: string
let solo: string

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  gateway = await createGateway(createDevnetTestConfig(devnet, { corsOrigins: [WEB_ORIGIN] }))
  await gateway.indexers.get(Number(CHAIN))?.sync()
  await gateway.listen()
  treasury = devnet.scenario!.safes.treasury.address
  solo = devnet.scenario!.safes.solo.address
}, 120_000)

afterAll(async () => {
  await gateway?.stop()
  await devnet?.stop()
})

// Safe{Wallet} sends these on every call (so every cross-origin call is preflighted).
const HEADERS = { accept: 'application/json', 'content-type': 'application/json', origin: WEB_ORIGIN }

async function getJson(path: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${gateway.url}${path}`, { headers: HEADERS })
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

/** One request as Safe{Wallet} makes it: 2xx, the CGW shape, no empty URL anywhere in it. */
async function expectShape<T extends z.ZodType>(path: string, schema: T): Promise<z.infer<T>> {
  const { status, body } = await getJson(path)
  expect(status, `${path}: ${JSON.stringify(body).slice(0, 300)}`).toBeGreaterThanOrEqual(200)
  expect(status, path).toBeLessThan(300)
  const parsed = schema.safeParse(body)
  expect(parsed.success ? [] : parsed.error.issues.slice(0, 3), path).toEqual([])
  const empty = cgw
    .urlFields(body)
    .filter(
      (f) =>
        f.value === '' ||
        (typeof f.value === 'string' && !URL.canParse(f.value.replace(/\{\{\w+\}\}/g, 'x'))),
    )
  expect(empty, `${path}: URL-typed fields that are empty or not URLs`).toEqual([])
  return parsed.data as z.infer<T>
}

describe('Safe{Wallet} requests, validated with the Client Gateway schemas', () => {
  it('GET /v2/chains?serviceKey=WALLET_WEB&cursor=…, following next by path + query', async () => {
    let path: string | null = '/v2/chains?serviceKey=WALLET_WEB&cursor=limit%3D50%26offset%3D0'
    const chains: z.infer<typeof cgw.Chain>[] = []
    for (let n = 0; path && n < 10; n++) {
      const page: z.infer<ReturnType<typeof cgw.pageOf<typeof cgw.Chain>>> = await expectShape(
        path,
        cgw.pageOf(cgw.Chain),
      )
      chains.push(...page.results)
      // Safe{Wallet} resends only the path and query of `next` to its own base URL.
      path = page.next ? `${new URL(page.next).pathname}${new URL(page.next).search}` : null
      if (page.next) expect(new URL(page.next).searchParams.get('serviceKey')).toBe('WALLET_WEB')
    }
    expect(chains.map((c) => c.chainId)).toEqual([CHAIN])
    // No explorer on the devnet: the templates name Concord's own pages.
    expect(chains[0]?.blockExplorerUriTemplate.address).toBe(
      `${gateway.url}/explorer/${CHAIN}/address/{{address}}`,
    )
  })

  it('GET /v2/chains/{chainId}?serviceKey=WALLET_WEB, /v1/chains, /v1/chains/{chainId}', async () => {
    const v2 = await expectShape(`/v2/chains/${CHAIN}?serviceKey=WALLET_WEB`, cgw.Chain)
    const v1 = await expectShape(`/v1/chains/${CHAIN}`, cgw.Chain)
    await expectShape('/v1/chains', cgw.pageOf(cgw.Chain))
    expect({ ...v2, features: [] }).toEqual({ ...v1, features: [] })
  })

  it('the Safe: info, balances, history, queue, NFTs', async () => {
    const info = await expectShape(`/v1/chains/${CHAIN}/safes/${treasury}`, cgw.SafeInfo)
    expect(info.address.value).toBe(treasury)
    const balances = await expectShape(
      `/v1/chains/${CHAIN}/safes/${treasury}/balances/usd?trusted=false&exclude_spam=true`,
      cgw.Balances,
    )
    expect(Number(balances.fiatTotal)).toBeGreaterThan(0)
    const history = await expectShape(
      `/v1/chains/${CHAIN}/safes/${treasury}/transactions/history?timezone=UTC&trusted=false&imitation=false`,
      cgw.pageOf(cgw.TransactionListItem),
    )
    expect(history.results.length).toBeGreaterThan(0)
    await expectShape(
      `/v1/chains/${CHAIN}/safes/${treasury}/transactions/queued?trusted=true`,
      cgw.pageOf(cgw.TransactionListItem),
    )
    const nfts = await expectShape(
      `/v2/chains/${CHAIN}/safes/${treasury}/collectibles?trusted=false&exclude_spam=true`,
      cgw.pageOf(cgw.Collectible),
    )
    expect(nfts.results.length).toBeGreaterThan(0)
    await expectShape('/v1/balances/supported-fiat-codes', cgwFiatCodes)
  })

  it('GET /v2/safes?safes=…&currency=usd&wallet_address=…: the header and the account list', async () => {
    const overviews = await expectShape(
      `/v2/safes?safes=${CHAIN}:${treasury},${CHAIN}:${solo.toLowerCase()},${CHAIN}:${wallet}&currency=usd&trusted=false&wallet_address=${wallet}`,
      cgwOverviews,
    )
    // Request order kept; the owner account is no Safe and is left out.
    expect(overviews.map((o) => o.address.value)).toEqual([treasury, solo])
    expect(Number(overviews[0]?.fiatTotal)).toBeGreaterThan(0)
    expect(overviews[0]?.awaitingConfirmation).not.toBeNull()
    expect(
      (await expectShape(`/v1/safes?safes=${CHAIN}:${treasury}&currency=usd`, cgwOverviews))[0]
        ?.awaitingConfirmation,
    ).toBeNull()
  })

  it('GET /v1/chains/{chainId}/about/indexing: synced, with the indexer’s figures', async () => {
    const status = await expectShape(`/v1/chains/${CHAIN}/about/indexing`, cgw.IndexingStatus)
    expect(status.synced).toBe(true)
    const head = await createPublicClient({ transport: http(devnet.rpcUrl) }).getBlockNumber()
    expect(BigInt(status.currentBlockNumber)).toBeLessThanOrEqual(head)
    expect(status.erc20BlockNumber).toBe(gateway.indexers.get(Number(CHAIN))?.status().blockNumber)
    expect(status.lastSync).toBe(Date.parse(status.erc20BlockTimestamp))
  })

  it('positions, outreach, proposers, messages, Safe Apps', async () => {
    expect(await expectShape(`/v1/chains/${CHAIN}/safes/${treasury}/positions/usd`, cgwPositions)).toEqual([])
    // In no outreach: CGW's 404 for such a Safe (Safe{Wallet} reads any non-success as "not targeted").
    expect(
      (await getJson(`/v1/targeted-messaging/outreaches/1/chains/${CHAIN}/safes/${treasury}`)).status,
    ).toBe(404)
    const submission = await fetch(
      `${gateway.url}/v1/targeted-messaging/outreaches/1/chains/${CHAIN}/safes/${treasury}/signers/${wallet}/submissions`,
    )
    expect(submission.status).toBe(204)
    await expectShape(`/v2/chains/${CHAIN}/delegates?safe=${treasury}`, cgw.pageOf(cgw.DelegateV2))
    await expectShape(`/v1/chains/${CHAIN}/safes/${treasury}/messages`, cgw.pageOf(cgw.MessageItem))
    await expectShape(`/v1/chains/${CHAIN}/safe-apps`, cgwSafeApps)
  })
})

const cgwFiatCodes = z.array(z.string().regex(/^[A-Z]{3,5}$/)).min(1)
const cgwOverviews = cgw.SafeOverview.array()
const cgwPositions = cgw.Protocol.array()
const cgwSafeApps = cgw.SafeApp.array()

/** How to prove each feature is backed: the route answers (not the catch-all 404), or the chain holds it. */
function backing(feature: string): () => Promise<boolean> {
  const client = createPublicClient({ transport: http(devnet.rpcUrl) })
  const answers = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${gateway.url}${path}`, {
      method,
      headers: HEADERS,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await res.text()
    return res.status < 500 && !text.includes('"No route for')
  }
  const safePath = `/v1/chains/${CHAIN}/safes/${treasury}`
  const checks: Record<string, () => Promise<boolean>> = {
    ERC721: async () => (await getJson(`/v2/chains/${CHAIN}/safes/${treasury}/collectibles`)).status === 200,
    SAFE_APPS: async () => ((await getJson(`/v1/chains/${CHAIN}/safe-apps`)).body as unknown[]).length > 0,
    EIP1271: async () =>
      (await getJson(`${safePath}/messages`)).status === 200 &&
      (await answers('POST', `${safePath}/messages`, {})),
    PROPOSERS: async () =>
      (await getJson(`/v2/chains/${CHAIN}/delegates?safe=${treasury}`)).status === 200 &&
      (await answers('POST', `/v2/chains/${CHAIN}/delegates`, {})),
    DELETE_TX: () => answers('DELETE', `/v1/chains/${CHAIN}/transactions/0x${'00'.repeat(32)}`, {}),
    TX_SIMULATION: async () => {
      const res = await fetch(`${gateway.url}${safePath}/simulations`, {
        method: 'POST',
        headers: HEADERS,
        body: JSON.stringify({ to: wallet, value: '0', data: '0x', operation: 0 }),
      })
      return res.status === 200 && ((await res.json()) as { success: boolean }).success
    },
    CSV_TX_EXPORT: () => answers('GET', `${safePath}/transactions/export?format=csv`),
    PUSH_NOTIFICATIONS: () => answers('POST', '/v1/register/notifications', {}),
    TX_NOTES: () => answers('GET', `${safePath}/notes`),
    EIP1559: async () => (await client.getBlock()).baseFeePerGas != null,
    // the canonical deployments, or the module the chain names (the devnet's own)
    SPENDING_LIMIT: async () =>
      (
        await Promise.all(
          [...ALLOWANCE_MODULES, DEVNET_ALLOWANCE_MODULE].map((a) => client.getCode({ address: a })),
        )
      ).some((c) => !!c && c !== '0x'),
    DOMAIN_LOOKUP: async () => false,
    SAFE_TX_GAS_OPTIONAL: async () => {
      const info = (await getJson(safePath)).body as { version: string }
      return Number(info.version.split('.')[1]) >= 3
    },
  }
  return checks[feature] ?? (async () => false)
}

describe('every advertised feature is backed', () => {
  it.each(['v1', 'WALLET_WEB', 'MOBILE', 'CGW'])(
    '%s: each feature’s route or contract answers',
    async (key) => {
      const path = key === 'v1' ? `/v1/chains/${CHAIN}` : `/v2/chains/${CHAIN}?serviceKey=${key}`
      const { features } = (await getJson(path)).body as { features: string[] }
      const unbacked: string[] = []
      for (const feature of features) if (!(await backing(feature)())) unbacked.push(feature)
      expect(unbacked).toEqual([])
      // The devnet (anvil or Hardhat) applies state overrides and has a base fee.
      expect(features).toEqual(expect.arrayContaining(['EIP1559', 'ERC721', 'TX_SIMULATION']))
    },
  )
})

describe('CORS preflights for an allowed web origin (as the Client Gateway answers them)', () => {
  const preflight = (path: string, method: string) =>
    fetch(`${gateway.url}${path}`, {
      method: 'OPTIONS',
      headers: {
        origin: WEB_ORIGIN,
        'access-control-request-method': method,
        'access-control-request-headers': 'content-type,accept,x-custom',
      },
    })

  it('behavior: 204, origin reflected with credentials, request headers reflected, the method allowed', async () => {
    for (const [path, method] of [
      [`/v2/chains?serviceKey=WALLET_WEB`, 'GET'],
      [`/v1/chains/${CHAIN}/transactions/0x${'00'.repeat(32)}`, 'DELETE'],
      [`/v2/chains/${CHAIN}/delegates`, 'POST'],
    ] as const) {
      const res = await preflight(path, method)
      expect(res.status, path).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe(WEB_ORIGIN)
      expect(res.headers.get('access-control-allow-credentials')).toBe('true')
      expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toBe(
        'content-type,accept,x-custom',
      )
      expect(res.headers.get('access-control-allow-methods')).toContain(method)
    }
  })

  // CGW allows GET, HEAD, POST, PUT, PATCH, DELETE on every path (its enableCors `methods`).
  it('behavior: every preflight lists GET, HEAD, POST, PUT, PATCH and DELETE, as CGW’s does', async () => {
    const res = await preflight('/v2/chains?serviceKey=WALLET_WEB', 'GET')
    expect(res.status).toBe(204)
    const methods = (res.headers.get('access-control-allow-methods') ?? '').split(/\s*,\s*/)
    expect(methods).toEqual(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'])
  })
})
