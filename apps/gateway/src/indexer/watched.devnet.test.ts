// Watched mode (config `indexing: watched`) through the strict provider profile: each watched Safe's index
// must equal its part of the index built from the whole chain with no limits, whether it was listed in the
// config or watched later, and following the head must not cost a request per Safe of the chain.
import { createSafe, type Devnet, execSafeTx, startDevnet, testAccount } from '@concord/devnet'
import { erc20Abi } from '@concord/safe/contracts'
import { eq } from 'drizzle-orm'
import { type Address, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chainConfigSchema } from '../config/chainConfig.ts'
import { devnetChainConfig } from '../config/devnetChain.ts'
import { createGateway } from '../createGateway.ts'
import { createDatabase, type Store } from '../db/createDatabase.ts'
import { multisigTransactions } from '../db/schema.ts'
import { createWatchedSafesRepository } from '../modules/safes/watchedSafes.repository.ts'
import { createTestConfig } from '../testing/createTestConfig.ts'
import { dumpIndex, type IndexDump } from '../testing/dumpIndex.ts'
import { startProviderProxy } from '../testing/providerProxy.ts'
import { createIndexer, type Indexer } from './createIndexer.ts'
import { bisectionCost } from './creationBlock.ts'
import { UNKNOWN_PARAMS } from './rows.ts'

let devnet: Devnet
const stores: Store[] = []
let reference: IndexDump

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  const direct = await createDatabase({ databaseUrl: 'pglite:memory' })
  stores.push(direct)
  await createIndexer(direct.db, chainConfigSchema.parse(devnetChainConfig(devnet))).sync()
  reference = await dumpIndex(direct)
}, 120_000)
afterAll(async () => {
  await Promise.all(stores.map((s) => s.close()))
  await devnet?.stop()
})

/** The devnet as a chain in watched mode through `rpcUrl`, watching `watch` from the start. */
const watchedChain = (rpcUrl: string, watch: Address[]) =>
  chainConfigSchema.parse({
    ...devnetChainConfig(devnet),
    rpcUrl,
    wsUrl: undefined,
    indexing: 'watched',
    watch,
  })

/** The rows of these Safes only (each table keyed by its Safe column). */
function partOf(dump: IndexDump, safes: Address[]) {
  const mine = (a: string) => safes.includes(a as Address)
  return {
    safes: dump.safes.filter((r) => mine(r.address)),
    safe_owners: dump.safe_owners.filter((r) => mine(r.safe)),
    multisig_transactions: dump.multisig_transactions.filter((r) => mine(r.safe)),
    module_transactions: dump.module_transactions.filter((r) => mine(r.safe)),
    transfers: dump.transfers.filter((r) => mine(r.safe)),
    history_items: dump.history_items.filter((r) => mine(r.safe)),
    logs: dump.logs.filter((r) => mine(r.address)),
  }
}

/**
 * Syncs until every watched Safe is read, its executions' parameters too (a backfill yields to the head after a
 * few seconds).
 */
async function syncUntilLive(indexer: Indexer, store: Store, chainId: number) {
  const watched = createWatchedSafesRepository(store.db)
  for (let i = 0; i < 50; i++) {
    await indexer.sync()
    const { watched: all, live } = await watched.counts(chainId)
    if (all === live && !(await watched.pendingExecutions(chainId))) return
  }
  throw new Error('the watched Safes never became live')
}

/**
 * A 1-of-1 Safe of account #0 created 400 blocks from now: behind a 4-block getLogs cap, reading it from block 0
 * takes ~100 windows of 3 queries more than reading it from its creation.
 */
async function lateSafe(saltNonce: bigint): Promise<Address> {
  await devnet.client.mine({ blocks: 400 })
  const a0 = testAccount(0)
  return createSafe(devnet.client, { owners: [a0.address], threshold: 1, saltNonce, sender: a0.address })
}

describe('watched mode through the strict provider profile', () => {
  it('config-listed and later-watched Safes are indexed complete, from address-filtered queries only', async () => {
    const scenario = devnet.scenario
    if (!scenario) throw new Error('the devnet runs without the demo scenario')
    const { treasury, solo, mainnet } = scenario.safes
    const proxy = await startProviderProxy(devnet.rpcUrl, {
      logs: { style: 'alchemy', maxRange: 4, maxResults: 8 },
      maxBatch: 3,
      ratePerSecond: 40,
      rateLimit: 'http-429',
      stateBlocks: 5,
      failureRate: 0.1,
      noTraces: false,
    })
    const store = await createDatabase({ databaseUrl: 'pglite:memory' })
    stores.push(store)
    try {
      const chain = watchedChain(proxy.url, [treasury.address])
      const indexer = createIndexer(store.db, chain, {
        initialWindow: 8,
        maxWindow: 16,
        maxBackfillWindow: 16,
      })
      expect(indexer.status().indexing).toBe('watched')
      await syncUntilLive(indexer, store, chain.chainId)
      const one = [treasury.address]
      expect(partOf(await dumpIndex(store), one)).toEqual(partOf(reference, one))
      // Nothing else of the chain was indexed.
      expect((await dumpIndex(store)).safes.map((r) => r.address)).toEqual(one)
      // Every eth_getLogs named the watched addresses (none asked for the whole chain's Safe events).
      expect(proxy.counts.byMethod.eth_getLogs).toBeGreaterThan(0)
      expect(proxy.counts.unfilteredLogs).toBe(0)
      expect(proxy.counts.refused.logs).toBeGreaterThan(0)

      // Two more, watched later (as the API does when a Safe is opened), while the chain moves on.
      await devnet.client.mine({ blocks: 5 })
      const watched = createWatchedSafesRepository(store.db)
      for (const safe of [solo.address, mainnet.address])
        expect(await watched.watch(chain.chainId, safe, 'request', 10)).toBe(true)
      await syncUntilLive(indexer, store, chain.chainId)
      const three = [treasury.address, solo.address, mainnet.address]
      // The oracle holds their whole history (executions through the non-L2 Safe's trace included).
      expect(partOf(reference, three).multisig_transactions.length).toBeGreaterThan(5)
      expect(partOf(reference, three).transfers.length).toBeGreaterThan(0)
      expect(partOf(await dumpIndex(store), three)).toEqual(partOf(reference, three))

      // Following the head: a constant number of calls per sync, not one per Safe of the chain. Three queries
      // (Safe logs, transfers from and to) for the range and for each of the two newest blocks (read by hash),
      // and room for one retried 502.
      await devnet.client.mine({ blocks: 3 })
      proxy.reset()
      await indexer.sync()
      expect(proxy.counts.byMethod.eth_getLogs ?? 0).toBeLessThanOrEqual(12)
      expect(partOf(await dumpIndex(store), three)).toEqual(partOf(reference, three))
    } finally {
      await proxy.close()
    }
  })

  it('a non-L2 Safe’s executions are listed from its logs first, then their parameters read newest first', async () => {
    const { mainnet } = devnet.scenario!.safes
    const expected = partOf(reference, [mainnet.address])
    // The oracle: the executions of the whole-chain index, newest first (every one has its parameters there).
    const newestFirst = expected.multisig_transactions
      .toSorted((a, b) => b.blockNumber - a.blockNumber || b.logIndex - a.logIndex)
      .map((r) => r.txHash)
    expect(newestFirst.length).toBeGreaterThan(3)
    expect(expected.multisig_transactions.every((r) => r.paramsSource !== null)).toBe(true)
    const store = await createDatabase({ databaseUrl: 'pglite:memory' })
    stores.push(store)
    const watched = createWatchedSafesRepository(store.db)
    /** The executions' transactions in the order the indexer asked for them. */
    const asked: string[] = []
    /** When it first asked for one: how many executions were listed, and how many awaited their parameters. */
    let atFirstAsk: { listed: number; pending: number } | undefined
    const proxy = await startProviderProxy(devnet.rpcUrl, {}, async (method, params) => {
      const hash = params[0] as string
      if (method !== 'eth_getTransactionByHash' || !newestFirst.includes(hash)) return
      if (!asked.length) {
        const dump = partOf(await dumpIndex(store), [mainnet.address])
        atFirstAsk = {
          listed: dump.multisig_transactions.length,
          pending: await watched.pendingExecutions(31337, mainnet.address),
        }
      }
      if (!asked.includes(hash)) asked.push(hash)
    })
    try {
      const chain = watchedChain(proxy.url, [mainnet.address])
      await syncUntilLive(createIndexer(store.db, chain), store, chain.chainId)
      // Every execution was in the index, without its parameters, before the first was read.
      expect(atFirstAsk).toEqual({ listed: newestFirst.length, pending: newestFirst.length })
      expect(asked).toEqual([...new Set(newestFirst)])
      // And the index ends equal to the one built with no limits, its executions' parameters included.
      expect(partOf(await dumpIndex(store), [mainnet.address])).toEqual(expected)
      expect(await watched.pendingExecutions(chain.chainId)).toBe(0)

      // Calls left unread (a stop mid-way; the chain switched to all mode since) are read at the next sync.
      await store.db
        .update(multisigTransactions)
        .set({ ...UNKNOWN_PARAMS, paramsPending: true })
        .where(eq(multisigTransactions.safe, mainnet.address))
      expect(await watched.pendingExecutions(chain.chainId)).toBe(newestFirst.length)
      await createIndexer(store.db, { ...chain, indexing: 'all' }).sync()
      expect(await watched.pendingExecutions(chain.chainId)).toBe(0)
      expect(partOf(await dumpIndex(store), [mainnet.address])).toEqual(expected)
    } finally {
      await proxy.close()
    }
  })

  it('past the chain’s maxWatched a request to watch one more is refused with its own 422', async () => {
    const store = await createDatabase({ databaseUrl: 'pglite:memory' })
    stores.push(store)
    const watched = createWatchedSafesRepository(store.db)
    const { treasury, solo } = devnet.scenario!.safes
    expect(await watched.watch(31337, treasury.address, 'request', 1)).toBe(true)
    // Already watched: no new row, no error.
    expect(await watched.watch(31337, treasury.address, 'request', 1)).toBe(false)
    await expect(watched.watch(31337, solo.address, 'request', 1)).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(
        /^Watch limit: chain 31337 already indexes its maximum of 1 watched Safes/,
      ),
    })
  })

  it('behind a hard getLogs range cap, a Safe created late is read from its creation, found by bisecting its code', async () => {
    const a0 = testAccount(0)
    const late = await lateSafe(4_040n)
    await devnet.client.waitForTransactionReceipt({
      hash: await devnet.client.sendTransaction({ account: a0.address, to: late, value: parseEther('1') }),
    })
    const created = Number(
      (await devnet.client.getBlockNumber()) - 1n, // the creation, then the deposit, one block each
    )
    expect(await devnet.client.getCode({ address: late, blockNumber: BigInt(created - 1) })).toBeUndefined()
    // The oracle: the whole chain indexed with no limits.
    const direct = await createDatabase({ databaseUrl: 'pglite:memory' })
    stores.push(direct)
    await createIndexer(direct.db, chainConfigSchema.parse(devnetChainConfig(devnet))).sync()
    const expected = partOf(await dumpIndex(direct), [late])
    expect(expected.history_items.length).toBe(2)
    const capped = { logs: { style: 'range', maxRange: 4, maxResults: 10_000 } } as const

    // A full node answers code only for its last 128 blocks: the backfill reads every window from the start. A
    // failing archive node fails five eth_getCode in a row within the bisection (the indexer's attempts): that
    // sync's backfill fails, and the next looks again instead of reading every window from the start.
    for (const node of ['archive', 'full', 'failing'] as const) {
      let getCodes = 0
      const proxy = await startProviderProxy(
        devnet.rpcUrl,
        { ...capped, ...(node === 'full' ? { stateBlocks: 128 } : {}) },
        (method) => {
          if (node === 'failing' && method === 'eth_getCode' && ++getCodes >= 3 && getCodes <= 7)
            throw new Error('the node is down')
        },
      )
      const store = await createDatabase({ databaseUrl: 'pglite:memory' })
      stores.push(store)
      try {
        const chain = watchedChain(proxy.url, [late])
        const indexer = createIndexer(store.db, chain)
        if (node === 'failing') {
          await indexer.sync()
          expect(indexer.status().lastError).toMatch(/^watched backfill failed/)
        }
        await syncUntilLive(indexer, store, chain.chainId)
        expect(partOf(await dumpIndex(store), [late])).toEqual(expected)
        const getLogs = proxy.counts.byMethod.eth_getLogs ?? 0
        const windowsFromStart = Math.floor(created / 4)
        if (node !== 'full') {
          // The first window (where the cap is learned), the bisection, then the few windows from the creation.
          const bisections = node === 'failing' ? 2 : 1
          expect(proxy.counts.byMethod.eth_getCode ?? 0).toBeLessThanOrEqual(
            bisections * (bisectionCost(created) + 2) + 5,
          )
          expect(getLogs).toBeLessThan(30)
        } else expect(getLogs).toBeGreaterThanOrEqual(windowsFromStart * 3)
      } finally {
        await proxy.close()
      }
    }
  })

  it('a watched Safe whose backfill fails does not hold back the others: their new blocks are still followed', async () => {
    const scenario = devnet.scenario
    if (!scenario) throw new Error('the devnet runs without the demo scenario')
    const { treasury } = scenario.safes
    const a0 = testAccount(0)
    const late = await lateSafe(4_041n)
    // Behind a 4-block cap, the late Safe's creation is looked for with eth_getCode, which the node fails for now.
    let failing = false
    const proxy = await startProviderProxy(
      devnet.rpcUrl,
      { logs: { style: 'range', maxRange: 4, maxResults: 10_000 } },
      (method) => {
        if (failing && method === 'eth_getCode') throw new Error('the node is down')
      },
    )
    const store = await createDatabase({ databaseUrl: 'pglite:memory' })
    stores.push(store)
    try {
      const chain = watchedChain(proxy.url, [treasury.address])
      const indexer = createIndexer(store.db, chain)
      await syncUntilLive(indexer, store, chain.chainId)
      await createWatchedSafesRepository(store.db).watch(chain.chainId, late, 'request', Infinity)
      failing = true
      const deposit = await devnet.client.waitForTransactionReceipt({
        hash: await devnet.client.sendTransaction({ account: a0.address, to: treasury.address, value: 1n }),
      })
      await indexer.sync()
      expect(indexer.status().lastError).toMatch(/^watched backfill failed/)
      const items = (await dumpIndex(store)).history_items
      expect(
        items.some((i) => i.safe === treasury.address && i.blockNumber === Number(deposit.blockNumber)),
      ).toBe(true)
      expect(items.some((i) => i.safe === late)).toBe(false)
      failing = false
      await syncUntilLive(indexer, store, chain.chainId)
      expect(indexer.status().lastError).toBeUndefined()
      expect((await dumpIndex(store)).history_items.some((i) => i.safe === late)).toBe(true)
    } finally {
      await proxy.close()
    }
  })
})

describe('watched mode through the API', () => {
  it('opening a Safe the index lacks answers from the chain, watches it, and it completes; bounds answer 4xx', async () => {
    const { treasury, solo, mainnet, legacyL2 } = devnet.scenario!.safes
    const gateway = await createGateway(
      createTestConfig({
        chains: [{ chainId: 31337, name: 'Devnet', rpcUrl: [devnet.rpcUrl], indexing: 'watched' }],
        clientLimits: { watches: { capacity: 2, refillPerSecond: 0.001 } },
      }),
    )
    try {
      const indexer = gateway.indexers.get(31337)!
      const get = async (path: string) => {
        const res = await gateway.app.request(path)
        return { status: res.status, body: (await res.json()) as any }
      }
      const post = async (path: string) => {
        const res = await gateway.app.request(path, { method: 'POST' })
        return { status: res.status, body: (await res.json()) as any }
      }
      await indexer.sync()
      // Nothing is watched yet, and the chain counts as indexed at its head (no Safe to read).
      expect((await get('/v1/chains/31337/about/indexing')).body).toMatchObject({ synced: true })
      // The Safe is answered from the chain, and opening it watches it.
      const opened = await get(`/v1/chains/31337/safes/${solo.address}`)
      expect(opened.status).toBe(200)
      expect(opened.body).toMatchObject({ nonce: expect.any(Number), threshold: 1, txHistoryTag: null })
      expect((await get(`/v1/chains/31337/safes/${solo.address}/indexing`)).body).toMatchObject({
        mode: 'watched',
        watched: true,
        complete: false,
      })
      // Meanwhile history and balances answer with what is indexed so far: nothing, and the chain's ETH.
      expect((await get(`/v1/chains/31337/safes/${solo.address}/transactions/history`)).body).toMatchObject({
        results: [],
      })
      const early = await get(`/v1/chains/31337/safes/${solo.address}/balances/usd`)
      expect(early.status).toBe(200)
      const eth = await devnet.client.getBalance({ address: solo.address })
      expect(early.body.items.find((i: any) => i.tokenInfo.type === 'NATIVE_TOKEN')?.balance).toBe(
        String(eth),
      )
      // An address neither indexed nor watched is still 404 there.
      expect((await get(`/v1/chains/31337/safes/${treasury.address}/transactions/history`)).status).toBe(404)
      await indexer.sync()
      expect((await get(`/v1/chains/31337/safes/${solo.address}/indexing`)).body).toMatchObject({
        watched: true,
        complete: true,
      })
      const history = await get(`/v1/chains/31337/safes/${solo.address}/transactions/history`)
      expect(history.body.results.some((r: any) => r.type === 'TRANSACTION')).toBe(true)
      expect((await get(`/v1/chains/31337/owners/${solo.owners[0]}/safes`)).body.safes).toEqual([
        solo.address,
      ])

      // Explicitly: a Safe is watched (the client's second and last), an address that is no Safe is 404.
      expect((await post(`/v1/chains/31337/safes/${mainnet.address}/watch`)).body).toMatchObject({
        watched: true,
      })
      expect(
        (await post(`/v1/chains/31337/safes/0x000000000000000000000000000000000000dEaD/watch`)).status,
      ).toBe(404)
      // Past the client's budget: POST is refused with 429, opening still answers from the chain, unwatched.
      const refused = await post(`/v1/chains/31337/safes/${treasury.address}/watch`)
      expect(refused.status).toBe(429)
      expect(refused.body.message).toMatch(/^Too many requests: watching Safes is limited per client/)
      expect((await get(`/v1/chains/31337/safes/${legacyL2.address}`)).status).toBe(200)
      expect((await get(`/v1/chains/31337/safes/${legacyL2.address}/indexing`)).body).toMatchObject({
        watched: false,
        complete: false,
      })
    } finally {
      await gateway.stop()
    }
  })

  it('a non-L2 Safe’s history lists every execution at once, marked as still read, then whole', async () => {
    const { mainnet } = devnet.scenario!.safes
    const executions = new Set(
      partOf(reference, [mainnet.address]).multisig_transactions.map((r) => r.txHash),
    )
    const safePath = `/v1/chains/31337/safes/${mainnet.address}`
    let gateway: Awaited<ReturnType<typeof createGateway>> | undefined
    const get = async (path: string) => (await gateway!.app.request(path)).json() as Promise<any>
    const multisigItems = (page: any) =>
      page.results.filter((r: any) => r.type === 'TRANSACTION' && r.transaction.id.startsWith('multisig_'))
    /** What the API said when the indexer first asked the node for an execution's call. */
    let during: { indexing: any; history: any } | undefined
    const proxy = await startProviderProxy(devnet.rpcUrl, {}, async (method, params) => {
      if (method !== 'eth_getTransactionByHash' || during || !executions.has(params[0] as string)) return
      during = {
        indexing: await get(`${safePath}/indexing`),
        history: await get(`${safePath}/transactions/history`),
      }
    })
    try {
      gateway = await createGateway(
        createTestConfig({
          chains: [
            {
              chainId: 31337,
              name: 'Devnet',
              rpcUrl: [proxy.url],
              indexing: 'watched',
              watch: [mainnet.address],
            },
          ],
        }),
      )
      const indexer = gateway.indexers.get(31337)!
      await syncUntilLive(indexer, gateway.store, 31337)
      expect(during?.indexing).toMatchObject({ complete: false, pendingExecutions: executions.size })
      const listed = multisigItems(during?.history)
      expect(listed).toHaveLength(executions.size)
      for (const item of listed)
        expect(item.transaction.txInfo.humanDescription).toBe(
          'Executed on chain; its details are still being read from the chain',
        )
      // Then whole: the cached first page was not kept, every call is known.
      expect(await get(`${safePath}/indexing`)).toMatchObject({ complete: true, pendingExecutions: 0 })
      const whole = multisigItems(await get(`${safePath}/transactions/history`))
      expect(whole).toHaveLength(executions.size)
      for (const item of whole)
        expect(item.transaction.txInfo.humanDescription ?? '').not.toMatch(/^Executed on chain/)
    } finally {
      await gateway?.stop()
      await proxy.close()
    }
  })
})

describe('watched mode and reorgs', () => {
  it('a reorg under a followed Safe and under a backfill just done ends equal to a fresh index of the new chain', async () => {
    const { client } = devnet
    const { solo, treasury } = devnet.scenario!.safes
    const a0 = testAccount(0)
    const store = await createDatabase({ databaseUrl: 'pglite:memory' })
    stores.push(store)
    const chain = watchedChain(devnet.rpcUrl, [solo.address])
    const indexer = createIndexer(store.db, chain)
    await syncUntilLive(indexer, store, chain.chainId)
    const sendUsd = async (to: Address, amount: bigint) =>
      client.waitForTransactionReceipt({
        hash: await client.writeContract({
          account: a0.address,
          address: devnet.assets!.usd,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [to, amount],
        }),
      })
    /** Blocks of activity at both Safes; `variant` makes the two branches differ. */
    const activity = async (variant: 1n | 2n) => {
      await sendUsd(solo.address, 5n * variant)
      await execSafeTx(client, {
        safe: solo.address,
        tx: { to: a0.address, value: variant },
        signers: [a0],
        executor: a0.address,
      })
      await sendUsd(treasury.address, 3n * variant)
    }
    const snapshot = await client.snapshot()
    await activity(1n)
    await indexer.sync()
    // The treasury is watched now: its backfill reaches into the blocks the reorg replaces.
    await createWatchedSafesRepository(store.db).watch(chain.chainId, treasury.address, 'request', 10)
    await syncUntilLive(indexer, store, chain.chainId)
    const onOldBranch = partOf(await dumpIndex(store), [solo.address, treasury.address])

    await client.revert({ id: snapshot })
    await activity(2n)
    await client.mine({ blocks: 1 }) // the new branch is longer: the node switches to it
    await syncUntilLive(indexer, store, chain.chainId)

    const fresh = await createDatabase({ databaseUrl: 'pglite:memory' })
    stores.push(fresh)
    await createIndexer(fresh.db, chainConfigSchema.parse(devnetChainConfig(devnet))).sync()
    const both = [solo.address, treasury.address]
    const expected = partOf(await dumpIndex(fresh), both)
    expect(onOldBranch.transfers).not.toEqual(expected.transfers)
    expect(partOf(await dumpIndex(store), both)).toEqual(expected)
  })
})
