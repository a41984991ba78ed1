// The indexer through a proxy that refuses the way real providers do (testing/providerProxy.ts), one fault kind
// at a time and all together: each index must equal the index built straight from the devnet, and the proxy must
// have refused what the profile says (so the fault was really met). Limits are scaled to the devnet's ~60
// blocks: a cap of 4 blocks here is what a cap of 2,000 is on a real chain.
import { type Devnet, startDevnet, testAccount } from '@concord/devnet'
import { safeAbi, safeProxyFactoryAbi, safeV141 } from '@concord/safe/contracts'
import { type Address, concat, getAddress, pad, zeroAddress } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainConfigSchema } from '../config/chainConfig.ts'
import { devnetChainConfig } from '../config/devnetChain.ts'
import { createDatabase, type Store } from '../db/createDatabase.ts'
import { endpointStatuses } from '../rpc/endpoint.ts'
import { dumpIndex } from '../testing/dumpIndex.ts'
import { type ProviderProfile, type ProxyCounts, startProviderProxy } from '../testing/providerProxy.ts'
import { startRpcStub } from '../testing/rpcStub.ts'
import { createIndexer } from './createIndexer.ts'

let devnet: Devnet
const stores: Store[] = []
type Dump = Omit<Awaited<ReturnType<typeof dumpIndex>>, 'blocks'>
let reference: Dump
let withoutFactory: Address

const chain = (rpcUrl: string) =>
  chainConfigSchema.parse({ ...devnetChainConfig(devnet), rpcUrl, wsUrl: undefined })

/** Everything but `blocks`, whose rows depend on where each sync's windows ended. */
async function comparable(store: Store): Promise<Dump> {
  const { blocks: _, ...rest } = await dumpIndex(store)
  return rest
}

/** Indexes the devnet through `rpcUrl` in small windows, retrying a failed sync as the head follower does. */
async function indexThrough(rpcUrl: string): Promise<{ store: Store; failedSyncs: number }> {
  const store = await createDatabase({ databaseUrl: 'pglite:memory' })
  stores.push(store)
  const indexer = createIndexer(store.db, chain(rpcUrl), { initialWindow: 8, maxWindow: 16 })
  let failedSyncs = 0
  for (;;) {
    try {
      await indexer.sync()
      return { store, failedSyncs }
    } catch (error) {
      failedSyncs++
      if (failedSyncs > 5) throw error
    }
  }
}

/**
 * A Safe proxy deployed without a factory (its singleton is read from storage at its setup block), then a few
 * blocks more, so that a node keeping 5 blocks of state no longer has that block's.
 */
async function safeWithoutFactory() {
  const { client } = devnet
  const [a0] = [testAccount(0)]
  const code = await client.readContract({
    address: safeV141.safeProxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'proxyCreationCode',
  })
  const deployed = await client.waitForTransactionReceipt({
    hash: await client.sendTransaction({ account: a0.address, data: concat([code, pad(safeV141.safeL2)]) }),
  })
  const proxy = getAddress(deployed.contractAddress as Address)
  await client.waitForTransactionReceipt({
    hash: await client.writeContract({
      account: a0.address,
      address: proxy,
      abi: safeAbi,
      functionName: 'setup',
      args: [
        [a0.address],
        1n,
        zeroAddress,
        '0x',
        safeV141.compatibilityFallbackHandler,
        zeroAddress,
        0n,
        zeroAddress,
      ],
    }),
  })
  await client.mine({ blocks: 8 })
  return proxy
}

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  withoutFactory = await safeWithoutFactory()
  const direct = await createDatabase({ databaseUrl: 'pglite:memory' })
  stores.push(direct)
  await createIndexer(direct.db, chain(devnet.rpcUrl)).sync()
  reference = await comparable(direct)
  // The proxy set up outside a factory is indexed with its singleton.
  expect(reference.safes.find((r) => r.address === withoutFactory)).toMatchObject({
    factory: null,
    implementation: safeV141.safeL2,
  })
}, 120_000)
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()))
  await devnet?.stop()
})

const cases: [string, ProviderProfile, keyof ProxyCounts['refused']][] = [
  [
    'an Alchemy-style getLogs cap (range unless few results)',
    { logs: { style: 'alchemy', maxRange: 4, maxResults: 8 } },
    'logs',
  ],
  [
    'an Infura-style result cap with a suggested range',
    { logs: { style: 'infura', maxRange: 0, maxResults: 8 } },
    'logs',
  ],
  ['a hard block-range cap', { logs: { style: 'range', maxRange: 3, maxResults: 0 } }, 'logs'],
  ['a batch cap', { maxBatch: 2 }, 'batch'],
  ['HTTP 429 with Retry-After', { ratePerSecond: 10, rateLimit: 'http-429' }, 'rate'],
  ['a JSON-RPC rate-limit error', { ratePerSecond: 10, rateLimit: 'json-rpc' }, 'rate'],
  ['random 502 HTML pages', { failureRate: 0.25 }, 'failures'],
  ['a full node (state of the last 5 blocks only)', { stateBlocks: 5 }, 'state'],
]

describe('the indexer through real providers’ refusals', () => {
  it.each(cases)('%s: the index equals the one built without limits', async (_, profile, kind) => {
    const proxy = await startProviderProxy(devnet.rpcUrl, profile)
    try {
      const { store } = await indexThrough(proxy.url)
      expect(await comparable(store)).toEqual(reference)
      expect(proxy.counts.refused[kind]).toBeGreaterThan(0)
    } finally {
      await proxy.close()
    }
  })

  it('no trace methods: the same index but for parameters only a trace could tell', async () => {
    const proxy = await startProviderProxy(devnet.rpcUrl, { noTraces: true })
    try {
      const { store } = await indexThrough(proxy.url)
      const got = await comparable(store)
      const traced = reference.multisig_transactions.filter((r) => r.paramsSource === 'trace')
      // The demo's relayed execution on the non-L2 Safe is only explained by a trace.
      expect(traced.length).toBeGreaterThan(0)
      expect(proxy.counts.refused.traces).toBeGreaterThan(0)
      const unexplained = got.multisig_transactions.filter((r) =>
        traced.some((t) => t.safeTxHash === r.safeTxHash),
      )
      expect(unexplained.map((r) => [r.paramsSource, r.to])).toEqual(traced.map(() => [null, null]))
      const rest = (d: Dump) => ({
        ...d,
        multisig_transactions: d.multisig_transactions.filter(
          (r) => r.paramsSource !== 'trace' && r.to !== null,
        ),
      })
      expect(rest(got)).toEqual(rest(reference))
    } finally {
      await proxy.close()
    }
  })

  it('every fault at once (the strict profile, scaled): complete, and /health-style figures name the trouble', async () => {
    const proxy = await startProviderProxy(devnet.rpcUrl, {
      logs: { style: 'alchemy', maxRange: 4, maxResults: 8 },
      maxBatch: 3,
      ratePerSecond: 40,
      rateLimit: 'http-429',
      stateBlocks: 5,
      failureRate: 0.1,
    })
    try {
      const { store } = await indexThrough(proxy.url)
      expect(await comparable(store)).toEqual(reference)
      const [status] = endpointStatuses(devnet.chainId).filter((e) => e.url === proxy.url)
      expect(status?.requests).toBeGreaterThan(0)
      expect(status?.retried).toBeGreaterThan(0)
      expect(status?.maxBatch).toBeLessThanOrEqual(3)
    } finally {
      await proxy.close()
    }
  })

  it('an endpoint that serves another chain is not used, and says so', async () => {
    const other = await startRpcStub(4242)
    try {
      const store = await createDatabase({ databaseUrl: 'pglite:memory' })
      stores.push(store)
      const indexer = createIndexer(store.db, chain(other.url))
      await expect(indexer.sync()).rejects.toThrow(/serves chain 4242, not 31337: not used/)
      const [status] = endpointStatuses(devnet.chainId).filter((e) => e.url === other.url)
      expect(status?.problem).toMatchObject({ kind: 'wrong-chain' })
    } finally {
      await other.close()
    }
  })

  // Last: it adds a block to the devnet that the reference above does not have.
  it('a lagging node behind the load balancer: the newest block is read again until it is served, never skipped', async () => {
    const proxy = await startProviderProxy(devnet.rpcUrl, { lateLogsMs: 1_500 })
    try {
      const store = await createDatabase({ databaseUrl: 'pglite:memory' })
      stores.push(store)
      const indexer = createIndexer(store.db, chain(proxy.url))
      await indexer.sync()
      // 0.1 ETH to the solo Safe: a SafeReceived log in a block the node serving eth_getLogs has not seen yet.
      const solo = devnet.scenario?.safes.solo.address as Address
      const { blockNumber } = await devnet.client.waitForTransactionReceipt({
        hash: await devnet.client.sendTransaction({
          account: testAccount(3).address,
          to: solo,
          value: 10n ** 17n,
        }),
      })
      // Synced at once: the block is not served yet, so the sync fails rather than record it without its logs.
      await expect(indexer.sync()).rejects.toThrow(/logs are not served yet/)
      // Once the lagging node has the block, the next sync reads it.
      await proxy.lateLogsServe(Number(blockNumber))
      await indexer.sync()
      // Oracle: the index built straight from the devnet, with the new block.
      const direct = await createDatabase({ databaseUrl: 'pglite:memory' })
      stores.push(direct)
      await createIndexer(direct.db, chain(devnet.rpcUrl)).sync()
      const got = await comparable(store)
      expect(got.transfers.length).toBe(reference.transfers.length + 1)
      expect(got).toEqual(await comparable(direct))
      expect(proxy.counts.refused.late).toBeGreaterThan(0)
    } finally {
      await proxy.close()
    }
  })
})
