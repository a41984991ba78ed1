// Two gateway processes (the real main.ts, each a child process) on one PostgreSQL database and one devnet:
// exactly one indexes; a proposal posted to one reaches a live stream of the other; when the indexing process
// is SIGKILLed mid-activity, the other takes over within seconds and ends with the same index as a fresh one
// of the same chain. Runs only with TEST_DATABASE_URL (a throwaway database per run).
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { type Devnet, execSafeTx, startDevnet, testAccount } from '@concord/devnet'
import { safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import type { Address, Hex } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configSchema } from '../../config/config.ts'
import { devnetChainConfig } from '../../config/devnetChain.ts'
import { createGateway } from '../../createGateway.ts'
import { createDatabase } from '../../db/createDatabase.ts'
import { dumpIndex } from '../../testing/dumpIndex.ts'
import { proposalBody } from '../../testing/proposalBody.ts'
import { readSse, type SseEvent, type SseReader } from '../../testing/sseEvents.ts'
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabases.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..', '..')
const MAIN = join(import.meta.dirname, '..', '..', 'main.ts')
const CHAIN = 31337
const [a0, a3] = [0, 3].map(testAccount) as [HDAccount, HDAccount]

type Proc = { child: ChildProcess; url: string; output: string[] }

describe.skipIf(!process.env.TEST_DATABASE_URL)('two gateway processes on PostgreSQL', () => {
  let devnet: Devnet
  let shared: TestDatabase
  let fresh: TestDatabase
  const procs: Proc[] = []
  const readers: SseReader[] = []

  /** Starts main.ts on the shared database; resolves with its URL once it listens. */
  const start = (name: string) =>
    new Promise<Proc>((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: '0',
          HOST: '127.0.0.1',
          DATABASE_URL: shared.url,
          CONCORD_INDEXER: 'true',
          CONCORD_CHAINS: JSON.stringify([devnetChainConfig(devnet)]),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      const output: string[] = []
      const proc: Proc = { child, url: '', output }
      procs.push(proc)
      const timer = setTimeout(
        () => reject(new Error(`${name} did not start:\n${output.join('\n')}`)),
        60_000,
      )
      createInterface({ input: child.stderr }).on('line', (line) => output.push(`${name} ! ${line}`))
      createInterface({ input: child.stdout }).on('line', (line) => {
        output.push(`${name}: ${line}`)
        const url = /gateway on (http:\/\/\S+)/.exec(line)?.[1]
        if (url) {
          clearTimeout(timer)
          resolve({ ...proc, url })
        }
      })
      child.on('exit', (code, signal) => output.push(`${name} exited ${code ?? signal}`))
    })
  const health = async (p: Proc) =>
    (await (await fetch(`${p.url}/health`)).json()) as { status: string; indexing: number[] }
  const treasury = () => devnet.scenario?.safes.treasury.address as Address
  const solo = () => devnet.scenario?.safes.solo.address as Address
  const change = (type: string) => (e: SseEvent) => e.event === 'change' && JSON.parse(e.data).type === type
  const sendFromSolo = (i: number) =>
    execSafeTx(devnet.client, {
      safe: solo(),
      tx: { to: a3.address, value: BigInt(i + 1) },
      signers: [a0],
      executor: a0.address,
    })

  beforeAll(async () => {
    ;[devnet, shared, fresh] = await Promise.all([
      startDevnet({ port: 0 }),
      createTestDatabase('postgres'),
      createTestDatabase('postgres'),
    ])
  })
  afterAll(async () => {
    await Promise.all(readers.map((r) => r.close()))
    for (const p of procs) p.child.kill('SIGKILL')
    await devnet?.stop()
    await Promise.all([shared?.drop(), fresh?.drop()])
  })

  it('one indexes, both push every change, and the survivor takes over with nothing lost', async () => {
    const [first, second] = await Promise.all([start('one'), start('two')])
    const dump = () => procs.flatMap((p) => p.output).join('\n')

    // 1. Exactly one of them indexes the chain.
    await expect
      .poll(async () => (await Promise.all([health(first), health(second)])).map((h) => h.indexing.length), {
        timeout: 15_000,
      })
      .toSatisfy((counts: number[]) => counts.sort().join() === '0,1')
    const firstLeads = (await health(first)).indexing.includes(CHAIN)
    const [leader, follower] = firstLeads ? [first, second] : [second, first]

    // The leader's first backfill has reached the demo Safes (the follower answers from the shared index).
    // (SafeInfo answers from the chain before that: its history tag tells the index has it.)
    await expect
      .poll(
        async () => {
          const res = await fetch(`${follower.url}/v1/chains/${CHAIN}/safes/${treasury()}`)
          return res.ok && ((await res.json()) as { txHistoryTag: string | null }).txHistoryTag !== null
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true)

    // 2. The follower's stream hears a proposal posted to the leader, and the leader's indexing.
    const stream = readSse(
      await fetch(`${follower.url}/v1/live?safes=${CHAIN}:${treasury()},${CHAIN}:${solo()}`),
    )
    readers.push(stream)
    await stream.next((e) => e.event === 'ready')
    const nonce = await devnet.client.readContract({
      address: treasury(),
      abi: safeAbi,
      functionName: 'nonce',
    })
    const tx = SafeTx.from({ to: a3.address, value: 1n, nonce: nonce + 5n })
    const body = await proposalBody(tx, { chainId: CHAIN, address: treasury() }, a0)
    const { safeTxHash } = body
    const proposed = await fetch(`${leader.url}/v1/chains/${CHAIN}/transactions/${treasury()}/propose`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(proposed.status, dump()).toBe(200)
    expect(JSON.parse((await stream.next(change('PENDING_MULTISIG_TRANSACTION'))).data)).toMatchObject({
      safeTxHash,
    })
    const executed: Hex[] = []
    executed.push(await sendFromSolo(0))
    const seen = JSON.parse((await stream.next(change('EXECUTED_MULTISIG_TRANSACTION'), 15_000)).data)
    expect(seen).toMatchObject({ address: solo(), txHash: executed[0] })

    // 3. Chain activity; the leader dies in the middle of it (SIGKILL: no shutdown of any kind).
    for (let i = 1; i <= 4; i++) executed.push(await sendFromSolo(i))
    leader.child.kill('SIGKILL')
    const killedAt = Date.now()
    // Timed from the kill while the chain goes on (the sends below do not delay the measurement).
    const tookOver = expect
      .poll(async () => (await health(follower)).indexing, { timeout: 15_000, interval: 100 })
      .toEqual([CHAIN])
      .then(() => Date.now() - killedAt)
    for (let i = 5; i <= 9; i++) executed.push(await sendFromSolo(i))

    // 4. The follower takes over within seconds.
    const takeover = await tookOver
    expect(takeover, dump()).toBeLessThan(5_000)
    // Its own indexing now reaches its stream: every execution after the kill.
    const last = executed.at(-1)
    await stream.next(
      (e) => change('EXECUTED_MULTISIG_TRANSACTION')(e) && JSON.parse(e.data).txHash === last,
      20_000,
    )

    // 5. Nothing lost: the proposal is still queued, and the index equals a fresh one of the same chain.
    const head = Number(await devnet.client.getBlockNumber())
    const reference = await createGateway(
      configSchema.parse({
        port: 0,
        databaseUrl: fresh.url,
        indexer: false,
        chains: [devnetChainConfig(devnet)],
      }),
    )
    await reference.indexers.get(CHAIN)?.sync()
    await reference.stop()
    const [survivorStore, referenceStore] = await Promise.all([
      createDatabase({ databaseUrl: shared.url }),
      createDatabase({ databaseUrl: fresh.url }),
    ])
    try {
      const expected = await dumpIndex(referenceStore)
      expect(expected.cursor.blockNumber).toBe(head)
      // Token metadata is read right after each commit: wait until the survivor has caught up on it too.
      await expect
        .poll(async () => JSON.stringify(await dumpIndex(survivorStore)), { timeout: 20_000, interval: 250 })
        .toBe(JSON.stringify(expected))
      const history = (await dumpIndex(survivorStore)).multisig_transactions.map(
        (m: { txHash: string }) => m.txHash,
      )
      for (const hash of executed) expect(history).toContain(hash)
    } finally {
      await Promise.all([survivorStore.close(), referenceStore.close()])
    }
    const queue = await (await fetch(`${follower.url}/v1/chains/${CHAIN}/transactions/${safeTxHash}`)).json()
    expect((queue as { txStatus: string }).txStatus).toBe('AWAITING_CONFIRMATIONS')
    console.log(`takeover after SIGKILL: ${takeover} ms`)
  })
})
