// Crash test: kill the indexer (SIGKILL, in a child process) in the middle of a backfill, start it again on
// the same database until it is done, and check that every derived table equals a fresh full index of the
// same chain into another database. Runs against PostgreSQL when TEST_DATABASE_URL is set (a throwaway
// database per run), otherwise against an on-disk PGlite data folder.
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { createSafe, type Devnet, execSafeTx, startDevnet, testAccount } from '@concord/devnet'
import { erc20Abi, erc721Abi, safeAbi } from '@concord/safe/contracts'
import { type Address, encodeFunctionData, type Hex, parseEther } from 'viem'
import type { HDAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetChainConfig } from '../config/devnetChain.ts'
import { createDatabase, type Store } from '../db/createDatabase.ts'
import { dumpIndex as dump } from '../testing/dumpIndex.ts'
import { createTestDatabase } from '../testing/testDatabases.ts'

const ROOT = join(import.meta.dirname, '..', '..', '..', '..')
const CHILD = join(import.meta.dirname, 'crash.child.ts')
/** Blocks per getLogs window: every commit moves the cursor by exactly this much. */
const WINDOW = 10
const SENTINEL = '0x0000000000000000000000000000000000000001'
const [a0, a1, a3, a4, a5] = [0, 1, 3, 4, 5].map(testAccount) as [
  HDAccount,
  HDAccount,
  HDAccount,
  HDAccount,
  HDAccount,
]

let devnet: Devnet
let head: number
const targets: Target[] = []

/** A database a child process indexes into, and how the test opens it afterwards. */
type Target = { env: Record<string, string>; open(): Promise<Store>; drop(): Promise<void> }

async function newTarget(): Promise<Target> {
  let target: Target
  if (process.env.TEST_DATABASE_URL) {
    const db = await createTestDatabase('postgres')
    target = {
      env: { CRASH_DATABASE_URL: db.url },
      open: () => createDatabase({ databaseUrl: db.url }),
      drop: db.drop,
    }
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'concord-crash-'))
    target = {
      env: { CRASH_DATA_DIR: dir },
      open: () => createDatabase({ dataDir: dir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    }
  }
  targets.push(target)
  return target
}

type ChildRun = {
  /** Cursor positions the child reported, in order (one per commit it saw). */
  cursors: number[]
  done: number | undefined
  code: number | null
  signal: NodeJS.Signals | null
  stderr: string
}

/** Runs crash.child.ts on `target`; SIGKILLs it as soon as it reports a cursor at or past `killAt`. */
function runChild(target: Target, killAt?: number): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...target.env,
        CRASH_CHAIN: JSON.stringify(devnetChainConfig(devnet)),
        CRASH_WINDOW: String(WINDOW),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const run: ChildRun = { cursors: [], done: undefined, code: null, signal: null, stderr: '' }
    const guard = setTimeout(() => child.kill('SIGKILL'), 45_000)
    child.stderr.on('data', (chunk) => {
      run.stderr += chunk
    })
    createInterface({ input: child.stdout }).on('line', (line) => {
      const [word, value] = line.split(' ')
      if (word === 'cursor') {
        run.cursors.push(Number(value))
        if (killAt !== undefined && Number(value) >= killAt) child.kill('SIGKILL')
      } else if (word === 'done') run.done = Number(value)
    })
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(guard)
      resolve({ ...run, code, signal })
    })
  })
}

async function withStore<T>(target: Target, read: (store: Store) => Promise<T>): Promise<T> {
  const store = await target.open()
  try {
    return await read(store)
  } finally {
    await store.close()
  }
}

/** A few hundred blocks of varied Safe activity on top of the demo scenario. */
async function makeHistory() {
  const { client } = devnet
  const { usd, gov, collectible } = devnet.assets!
  const { treasury, solo } = devnet.scenario!.safes
  const wait = async (hash: Promise<Hex>) => {
    const receipt = await client.waitForTransactionReceipt({ hash: await hash })
    if (receipt.status !== 'success') throw new Error(`reverted: ${receipt.transactionHash}`)
  }
  const call = (to: Address, data: Hex) => ({ to, data })
  const exec = (safe: Address, signers: HDAccount[], tx: { to: Address; value?: bigint; data?: Hex }) =>
    execSafeTx(client, { safe, tx, signers, executor: a0.address })
  const selfCall = (safe: Address, signers: HDAccount[], data: Hex) => exec(safe, signers, call(safe, data))

  // #5 becomes a module of the solo Safe.
  await selfCall(
    solo.address,
    [a0],
    encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [a5.address] }),
  )
  let extra: Address | undefined
  for (let i = 0; i < 50; i++) {
    await exec(
      treasury.address,
      [a0, a1],
      i % 2
        ? { to: a3.address, value: BigInt(i + 1) }
        : call(
            usd,
            encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [a3.address, BigInt(i + 1)],
            }),
          ),
    )
    await exec(
      solo.address,
      [a0],
      i % 3
        ? { to: treasury.address, value: BigInt(i + 1) }
        : call(
            gov,
            encodeFunctionData({
              abi: erc20Abi,
              functionName: 'transfer',
              args: [a3.address, BigInt(i + 1)],
            }),
          ),
    )
    await wait(
      client.writeContract({
        account: a5.address,
        address: solo.address,
        abi: safeAbi,
        functionName: 'execTransactionFromModule',
        args: [a3.address, BigInt(i + 1), '0x', 0],
      }),
    )
    if (extra) await exec(extra, [a4], { to: a3.address, value: 1n })

    if (i === 10 || i === 20 || i === 30)
      await exec(
        treasury.address,
        [a0, a1],
        call(
          collectible,
          encodeFunctionData({
            abi: erc721Abi,
            functionName: 'transferFrom',
            args: [treasury.address, solo.address, BigInt(i / 10)],
          }),
        ),
      )
    if (i === 40)
      await exec(
        solo.address,
        [a0],
        call(
          collectible,
          encodeFunctionData({
            abi: erc721Abi,
            functionName: 'transferFrom',
            args: [solo.address, treasury.address, 1n],
          }),
        ),
      )
    if (i === 15)
      await selfCall(
        treasury.address,
        [a0, a1],
        encodeFunctionData({ abi: safeAbi, functionName: 'addOwnerWithThreshold', args: [a4.address, 2n] }),
      )
    if (i === 35)
      await selfCall(
        treasury.address,
        [a0, a1],
        encodeFunctionData({ abi: safeAbi, functionName: 'removeOwner', args: [SENTINEL, a4.address, 2n] }),
      )
    if (i === 25) {
      // A Safe created mid-way, funded by plain transfers (found through the Transfer topic filters).
      extra = await createSafe(client, {
        owners: [a4.address, a5.address],
        threshold: 1,
        saltNonce: 99n,
        sender: a0.address,
      })
      await wait(client.sendTransaction({ account: a0.address, to: extra, value: parseEther('1') }))
      await wait(
        client.writeContract({
          account: a0.address,
          address: usd,
          abi: erc20Abi,
          functionName: 'transfer',
          args: [extra, 1_000_000n],
        }),
      )
    }
    if (i % 10 === 9) await client.mine({ blocks: 7 }) // stretches without any log
  }
}

beforeAll(async () => {
  devnet = await startDevnet({ port: 0 })
  await makeHistory()
  head = Number(await devnet.client.getBlockNumber())
})
afterAll(async () => {
  await devnet?.stop()
  await Promise.all(targets.map((t) => t.drop()))
})

describe('indexer crash recovery', () => {
  it('killed mid-backfill and restarted, it ends with the same state as a fresh full index', async () => {
    expect(head).toBeGreaterThan(20 * WINDOW)
    const crashed = await newTarget()
    const fresh = await newTarget()
    // Kill once a third of the chain is committed, on a window boundary.
    const killAt = Math.max(2 * WINDOW - 1, Math.floor(head / 3 / WINDOW) * WINDOW - 1)

    // 1. Index until a third of the way, then SIGKILL (no shutdown of any kind).
    const first = await runChild(crashed, killAt)
    expect(first.signal, first.stderr).toBe('SIGKILL')
    expect(first.done).toBeUndefined()
    // The child saw at least two commits before the kill: it really was in the middle of the backfill.
    expect(new Set(first.cursors).size).toBeGreaterThanOrEqual(2)
    const cursorSeen = first.cursors.at(-1) as number
    expect(cursorSeen).toBeGreaterThanOrEqual(killAt)

    // What the killed process left: a committed cursor on a window boundary past two windows and short of
    // the head, and nothing stored above it (each window is one transaction).
    const left = await withStore(crashed, dump)
    const stoppedAt = left.cursor.blockNumber as number
    expect(stoppedAt).toBeGreaterThanOrEqual(cursorSeen)
    expect((stoppedAt + 1) % WINDOW).toBe(0)
    expect((stoppedAt + 1) / WINDOW).toBeGreaterThanOrEqual(2) // commits before the kill
    expect(stoppedAt).toBeLessThan(head)
    for (const table of [left.logs, left.transfers, left.history_items, left.multisig_transactions])
      expect(table.every((r: { blockNumber: number }) => r.blockNumber <= stoppedAt)).toBe(true)
    expect(left.multisig_transactions.length).toBeGreaterThan(0)

    // 2. Start again on the same database: it resumes from its cursor and runs to the head.
    const second = await runChild(crashed)
    expect(second.code, second.stderr).toBe(0)
    expect(second.done).toBe(head)
    expect(Math.min(...second.cursors)).toBeGreaterThan(stoppedAt) // no restart from block 0
    expect(second.cursors.at(-1)).toBe(head)

    // 3. The same chain from scratch into another database.
    const full = await runChild(fresh)
    expect(full.code, full.stderr).toBe(0)
    expect(full.done).toBe(head)
    expect(Math.min(...full.cursors)).toBeLessThanOrEqual(stoppedAt)

    const [recovered, reference] = [await withStore(crashed, dump), await withStore(fresh, dump)]
    expect(reference.cursor).toMatchObject({ chainId: 31337, blockNumber: head })
    // Enough happened for the comparison to mean something.
    expect(reference.safes).toHaveLength(7) // the six demo Safes (spending limits and recovery among them) and the extra one
    expect(reference.multisig_transactions).toHaveLength(147) // 135, 5 from each v1.3.0 demo Safe, the setups of spending limits and recovery
    expect(reference.module_transactions).toHaveLength(50)
    expect(reference.tokens.map((t: { symbol: string }) => t.symbol).sort()).toEqual(['CGT', 'SHAPE', 'cUSD'])
    expect(reference.nft_metadata.length).toBe(5)
    for (const name of Object.keys(reference) as (keyof typeof reference)[])
      expect({ [name]: recovered[name] }).toEqual({ [name]: reference[name] })
  })
})
