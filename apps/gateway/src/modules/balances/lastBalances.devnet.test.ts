// Balances survive a node that does not answer: they are read in one multicall (checked against the token
// contracts themselves), kept, and shown again marked stale when a read fails, never as 0 and never left out.
import { type Devnet, startDevnet } from '@concord/devnet'
import { erc20Abi } from '@concord/safe/contracts'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetChainConfig } from '../../config/devnetChain.ts'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createTestConfig } from '../../testing/createTestConfig.ts'
import { jsonRequest } from '../../testing/jsonRequest.ts'
import { type ProviderProxy, startProviderProxy } from '../../testing/providerProxy.ts'

const CHAIN = 31337
let devnet: Devnet
let proxy: ProviderProxy
let gateway: Gateway
const treasury = () => devnet.scenario?.safes.treasury.address as Address
type Item = { tokenInfo: { address: string; symbol: string }; balance: string; stale?: true }
const balances = async () =>
  (await jsonRequest(gateway, 'GET', `/v1/chains/${CHAIN}/safes/${treasury()}/balances/usd`)) as {
    status: number
    body: { items: Item[] }
  }

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  proxy = await startProviderProxy(devnet.rpcUrl, {})
  gateway = await createGateway(
    createTestConfig({ chains: [{ ...devnetChainConfig(devnet), rpcUrl: [proxy.url], wsUrl: undefined }] }),
  )
  await gateway.indexers.get(CHAIN)?.sync()
  // The recovery watcher reads the demo's Delay after a sync: done before eth_calls are counted.
  await gateway.recoveries.idle()
})
afterAll(async () => {
  await gateway?.stop()
  await proxy?.close()
  await devnet?.stop()
})

describe('balances when the node fails', () => {
  it('read in one multicall and equal to balanceOf; then, with the node failing, the last ones marked stale', async () => {
    const before = proxy.counts.byMethod.eth_call ?? 0
    const fresh = await balances()
    expect(fresh.status).toBe(200)
    const tokens = fresh.body.items.filter(
      (i) => i.tokenInfo.address !== '0x0000000000000000000000000000000000000000',
    )
    expect(tokens.length).toBeGreaterThanOrEqual(2)
    for (const t of tokens) {
      const onChain = await devnet.client.readContract({
        address: t.tokenInfo.address as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [treasury()],
      })
      expect(t.balance).toBe(String(onChain))
    }
    // Every token in one eth_call (the devnet has no Multicall3: a deployless one).
    expect((proxy.counts.byMethod.eth_call ?? 0) - before).toBe(1)
    expect(fresh.body.items.every((i) => i.stale === undefined)).toBe(true)

    proxy.profile.failureRate = 1
    try {
      const failing = await balances()
      expect(failing.status).toBe(200)
      expect(failing.body.items.map((i) => [i.tokenInfo.symbol, i.balance, i.stale])).toEqual(
        fresh.body.items.map((i) => [i.tokenInfo.symbol, i.balance, true]),
      )
    } finally {
      proxy.profile.failureRate = 0
    }
    const again = await balances()
    expect(again.body.items.every((i) => i.stale === undefined)).toBe(true)
  })
})
