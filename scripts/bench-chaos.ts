// `npm run bench:chaos [minutes]`: a soak of random SIGKILLs and reorgs while a team keeps writing (default 30
// minutes). Two gateway processes (apps/gateway/src/main.ts) share a throwaway PostgreSQL database
// (BENCH_ADMIN_DATABASE_URL, an admin URL; default TEST_DATABASE_URL, then the local server) and follow the devnet this process runs. Each
// round: the load of scripts/bench/loadClient.ts on two connections (signed proposals, confirmations, deletions,
// messages, reads) to the live processes; on chain, Safe executions, token transfers and new Safes, and in most
// rounds a reorg 1 to 10 blocks deep (a snapshot reverted, then a longer branch of other transactions); and one
// process, the indexing one or the other, SIGKILLed at a random moment and started again a second or three later.
// After each round: the shared index must equal a fresh index of the same chain (every indexed table but the
// block bookkeeping), and every write accepted so far must still be there. Prints one line per round, then totals.
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createSafe, execSafeTx, startDevnet, testAccount } from '@concord/devnet'
import { erc20Abi, safeAbi } from '@concord/safe/contracts'
import type { Address } from 'viem'
import { chainConfigSchema } from '../apps/gateway/src/config/chainConfig.ts'
import { devnetChainConfig } from '../apps/gateway/src/config/devnetChain.ts'
import { createDatabase, type Store } from '../apps/gateway/src/db/createDatabase.ts'
import { createIndexer } from '../apps/gateway/src/indexer/createIndexer.ts'
import { dumpIndex } from '../apps/gateway/src/testing/dumpIndex.ts'
import { type GatewayProcess, startGatewayProcess, synced, until } from './bench/gatewayProcess.ts'
import { type Accepted, missingWrites, runLoad } from './bench/loadClient.ts'
import { createThrowawayDatabase } from './bench/throwawayDatabase.ts'

const minutes = Number(process.argv.slice(2).find((a) => /^\d+(\.\d+)?$/.test(a)) ?? 30)
const ROUND_MS = 30_000
const [a0, a3, a4] = [testAccount(0), testAccount(3), testAccount(4)]
const devnet = await startDevnet({ port: 0 })
const { client, chainId } = devnet
const treasury = devnet.scenario!.safes.treasury.address as Address
const solo = devnet.scenario!.safes.solo.address as Address
const nonce = await client.readContract({ address: treasury, abi: safeAbi, functionName: 'nonce' })
const chainConfig = devnetChainConfig(devnet)
const configFile = join(tmpdir(), `concord-bench-chaos-${process.pid}.json`)
const unlimited = { capacity: 1e9, refillPerSecond: 1e9 }
writeFileSync(configFile, JSON.stringify({ clientLimits: { writes: unlimited, hashing: unlimited } }))
const db = await createThrowawayDatabase()
const env = {
  DATABASE_URL: db.url,
  CONCORD_CONFIG: configFile,
  CONCORD_INDEXER: 'true',
  CONCORD_CHAINS: JSON.stringify([chainConfig]),
}
const random = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1))
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
let salt = 5_000_000n

/** One block of chain activity that leaves the treasury's nonce alone (the load proposes at it). */
async function block(i: number, branch: number) {
  const step = i % 3
  if (step === 0)
    return execSafeTx(client, {
      safe: solo,
      tx: { to: a3.address, value: BigInt(branch * 100 + i + 1) },
      signers: [a0],
      executor: a0.address,
    })
  if (step === 1)
    return client.waitForTransactionReceipt({
      hash: await client.writeContract({
        account: a0.address,
        address: devnet.assets!.usd,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [treasury, BigInt(branch * 1_000 + i + 1)],
      }),
    })
  return createSafe(client, { owners: [a4.address], threshold: 1, saltNonce: salt++, sender: a0.address })
}

/** Everything indexed but the block bookkeeping (whose rows depend on where each sync's windows ended). */
async function comparable(store: Store) {
  const { blocks: _, ...rest } = await dumpIndex(store)
  return rest
}

async function freshIndex() {
  const store = await createDatabase({ databaseUrl: 'pglite:memory' })
  try {
    await createIndexer(store.db, chainConfigSchema.parse(chainConfig)).sync()
    return await comparable(store)
  } finally {
    await store.close()
  }
}

const procs: (GatewayProcess | undefined)[] = [
  await startGatewayProcess('gateway 1', env),
  await startGatewayProcess('gateway 2', env),
]
const alive = () => procs.filter((p): p is GatewayProcess => !!p)
const shared = await createDatabase({ databaseUrl: db.url })
const totals = { rounds: 0, kills: 0, leaderKills: 0, reorgs: 0, writes: 0, mismatches: 0, missing: 0 }
const everything: Accepted = { kept: new Map(), messages: [], created: [] }
const deadline = Date.now() + minutes * 60_000
try {
  for (const p of alive()) await until(`${p.name} indexed`, () => synced(p.url), 120_000, 250)
  console.log(`chaos: ${minutes} min, rounds of ${ROUND_MS / 1000} s, 2 gateway processes on one PostgreSQL`)
  for (let round = 1; Date.now() < deadline; round++) {
    const started = Date.now()
    let stopLoad = () => {}
    const load = runLoad({
      chainId,
      safe: treasury,
      nonce,
      connections: 2,
      seconds: ROUND_MS / 1000,
      targets: alive,
      tag: round,
      maxKept: 4,
      stop: new Promise((r) => {
        stopLoad = () => r(undefined)
      }),
    })
    // A process dies at a random moment of the round and comes back a little later.
    const victim = random(0, 1)
    const chaos = (async () => {
      await sleep(random(2_000, ROUND_MS - 8_000))
      const proc = procs[victim]!
      const wasLeader = (await proc.indexing().catch((): number[] => [])).includes(chainId)
      procs[victim] = undefined
      await proc.kill()
      await sleep(random(1_000, 3_000))
      procs[victim] = await startGatewayProcess(proc.name, env)
      return wasLeader
    })()
    // On chain: some blocks; in most rounds a reorg of 1–10 of them.
    const depth = Math.random() < 0.75 ? random(1, 10) : 0
    await block(0, 0)
    const snapshot = await client.snapshot()
    for (let i = 0; i < Math.max(depth, 3); i++) {
      await block(i, round * 2)
      await sleep(random(200, 1_500))
    }
    if (depth) {
      await sleep(random(0, 3_000)) // sometimes indexed before it is undone, sometimes not
      await client.revert({ id: snapshot })
      for (let i = 0; i <= depth; i++) await block(i, round * 2 + 1)
    }
    const wasLeader = await chaos
    await sleep(Math.max(0, ROUND_MS - (Date.now() - started)))
    stopLoad()
    const result = await load
    for (const [hash, kept] of result.accepted.kept) everything.kept.set(hash, kept)
    everything.messages.push(...result.accepted.messages)

    // The index equals a fresh one of the same chain (token metadata is read after each commit: polled).
    const settledAt = Date.now()
    const reference = JSON.stringify(await freshIndex())
    let equal = true
    try {
      await until(
        'the index to equal a fresh one',
        async () => JSON.stringify(await comparable(shared)) === reference,
        60_000,
        500,
      )
    } catch {
      equal = false
      const [now, fresh] = [await comparable(shared), JSON.parse(reference)]
      const differs = Object.keys(fresh).filter(
        (k) => JSON.stringify(now[k as keyof typeof now]) !== JSON.stringify(fresh[k]),
      )
      console.log(`  round ${round}: index differs in ${differs.join(', ')}`)
    }
    const missing = await missingWrites(alive()[0]!.url, chainId, {
      ...everything,
      messages: result.accepted.messages,
    })
    totals.rounds++
    totals.kills++
    if (wasLeader) totals.leaderKills++
    if (depth) totals.reorgs++
    totals.writes += result.writes.length
    if (!equal) totals.mismatches++
    totals.missing += missing.length
    console.log(
      `round ${round}: killed ${procs[victim]!.name}${wasLeader ? ' (indexing)' : ''}, ${depth ? `reorg ${depth} deep` : 'no reorg'}, ${result.writes.length} writes, index ${equal ? `equal after ${((Date.now() - settledAt) / 1000).toFixed(1)} s` : 'DIFFERENT'}, accepted writes missing ${missing.length}`,
    )
  }
  const missing = await missingWrites(alive()[0]!.url, chainId, everything)
  console.log(
    `chaos: ${totals.rounds} rounds, ${totals.kills} SIGKILLs (${totals.leaderKills} of the indexing process), ${totals.reorgs} reorgs, ${totals.writes} signed writes; rounds whose index differed from a fresh one: ${totals.mismatches}; accepted writes missing at the end: ${missing.length} of ${everything.kept.size} kept proposals and ${everything.messages.length} messages`,
  )
} finally {
  for (const p of alive()) await p.stop()
  await shared.close()
  await db.drop()
  await devnet.stop()
}
process.exit(0)
