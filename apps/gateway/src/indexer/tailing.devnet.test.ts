// Following new blocks: a newHeads subscription when the chain has a WebSocket URL, polling otherwise.
import { type Devnet, execSafeTx, startDevnet, testAccount } from '@concord/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configSchema } from '../config/config.ts'
import { devnetChainConfig } from '../config/devnetChain.ts'
import { createGateway, type Gateway } from '../createGateway.ts'
import type { IndexerOptions } from './createIndexer.ts'

let devnet: Devnet
const owner = testAccount(0)!
beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
})
afterAll(async () => {
  await devnet?.stop()
})

async function withGateway(
  wsUrl: string | undefined,
  options: IndexerOptions,
  run: (g: Gateway) => Promise<void>,
) {
  const { wsUrl: _, ...base } = devnetChainConfig(devnet)
  const chain = { ...base, ...(wsUrl ? { wsUrl } : {}) }
  const gateway = await createGateway(
    configSchema.parse({ port: 0, databaseUrl: 'pglite:memory', indexer: true, chains: [chain] }),
    options,
  )
  try {
    await run(gateway)
  } finally {
    await gateway.stop()
  }
}

const solo = () => devnet.scenario!.safes.solo.address
const nonce = async (g: Gateway) =>
  ((await (await g.app.request(`/v1/chains/31337/safes/${solo()}`)).json()) as { nonce?: number }).nonce
async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (await check()) return Date.now()
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error('timed out')
}
const sendFromSafe = () =>
  execSafeTx(devnet.client, {
    safe: solo(),
    tx: { to: testAccount(5)!.address, value: 1n },
    signers: [owner],
    executor: owner.address,
  })

describe('tailing new blocks', () => {
  it('with a WebSocket URL: a new head is indexed at once, long before the (60 s) safety poll', async () => {
    await withGateway(
      devnet.wsUrl,
      { pollingInterval: 60_000, subscribedPollingInterval: 60_000 },
      async (g) => {
        const indexer = g.indexers.get(31337)!
        await until(
          async () => indexer.status().blockNumber !== undefined && !indexer.status().syncing,
          10_000,
        )
        expect(indexer.status().mode).toBe('subscription')
        const before = await nonce(g)
        const sent = Date.now()
        await sendFromSafe()
        const seen = await until(async () => (await nonce(g)) === (before ?? 0) + 1, 10_000)
        expect(seen - sent).toBeLessThan(5_000)
      },
    )
  })

  it('without one: polling at the configured interval finds the new block', async () => {
    await withGateway(undefined, { pollingInterval: 200 }, async (g) => {
      const indexer = g.indexers.get(31337)!
      await until(async () => indexer.status().blockNumber !== undefined, 10_000)
      expect(indexer.status().mode).toBe('polling')
      const before = await nonce(g)
      await sendFromSafe()
      await until(async () => (await nonce(g)) === (before ?? 0) + 1, 5_000)
    })
  })
})
