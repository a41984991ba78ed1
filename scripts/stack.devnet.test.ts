// `npm start` keeps what a user did across restarts: the devnet's chain (anvil's saved state) and the embedded
// database (a proposal, the index) are there again after a stop and a start on the same data folder, and
// `--fresh` starts over.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execSafeTx, testAccount } from '@concord/devnet'
import { safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import type { Address } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { proposalBody } from '../apps/gateway/src/testing/proposalBody.ts'
import { type Stack, startStack } from './stack.ts'

const CHAIN = 31337
const [a0, a3] = [testAccount(0), testAccount(3)] as [HDAccount, HDAccount]
const dataDir = mkdtempSync(join(tmpdir(), 'concord-kept-'))
let stack: Stack | undefined

afterAll(async () => {
  await stack?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const start = async (fresh = false) => {
  stack = await startStack({ dataDir, fresh, web: false, port: 0, devnetPort: 0 })
  return stack
}
const stop = async () => {
  await stack?.stop()
  stack = undefined
}
const api = async (s: Stack, path: string, init?: RequestInit) => {
  const res = await fetch(`${s.url}${path}`, init)
  return { status: res.status, body: (await res.json()) as any }
}
const solo = (s: Stack) => s.devnet.scenario?.safes.solo.address as Address
const nonceOf = (s: Stack, safe: Address) =>
  s.devnet.client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })

describe('npm start keeps its data', () => {
  it('a restart restores the chain, the index and a proposal; --fresh starts over', async () => {
    const first = await start()
    expect(first.devnet.restored).toBe(false)
    const safes = first.devnet.scenario?.safes
    await first.gateway.indexers.get(CHAIN)?.sync()
    // Something on chain and something only the gateway holds.
    await execSafeTx(first.devnet.client, {
      safe: solo(first),
      tx: { to: a3.address, value: 1n },
      signers: [a0],
      executor: a0.address,
    })
    const nonce = await nonceOf(first, solo(first))
    const body = await proposalBody(
      SafeTx.from({ to: a3.address, value: 2n, nonce }),
      { chainId: CHAIN, address: solo(first) },
      a0,
    )
    const proposed = await api(first, `/v1/chains/${CHAIN}/transactions/${solo(first)}/propose`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(200)
    const head = await first.devnet.client.getBlockNumber()
    await first.gateway.indexers.get(CHAIN)?.sync()
    const history = (await api(first, `/v1/chains/${CHAIN}/safes/${solo(first)}/transactions/history`)).body
    await stop()

    const second = await start()
    expect(second.devnet.restored).toBe(true)
    expect(second.devnet.scenario?.safes).toEqual(safes)
    expect(await second.devnet.client.getBlockNumber()).toBe(head)
    expect(await nonceOf(second, solo(second))).toBe(nonce)
    const queued = (await api(second, `/v1/chains/${CHAIN}/safes/${solo(second)}/transactions/queued`)).body
    expect(JSON.stringify(queued)).toContain(body.safeTxHash)
    // The index was kept, not rebuilt from genesis: the same history, and the chain goes on from there.
    expect(
      (await api(second, `/v1/chains/${CHAIN}/safes/${solo(second)}/transactions/history`)).body,
    ).toEqual(history)
    await execSafeTx(second.devnet.client, {
      safe: solo(second),
      tx: { to: a3.address, value: 3n },
      signers: [a0],
      executor: a0.address,
    })
    await second.gateway.indexers.get(CHAIN)?.sync()
    expect((await api(second, `/v1/chains/${CHAIN}/safes/${solo(second)}`)).body.nonce).toBe(
      Number(nonce) + 1,
    )
    await stop()

    const third = await start(true)
    expect(third.devnet.restored).toBe(false)
    expect(await third.devnet.client.getBlockNumber()).toBeLessThan(head)
    await third.gateway.indexers.get(CHAIN)?.sync()
    const fresh = (await api(third, `/v1/chains/${CHAIN}/safes/${solo(third)}/transactions/queued`)).body
    expect(JSON.stringify(fresh)).not.toContain(body.safeTxHash)
  })
})
