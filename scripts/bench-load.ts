// `npm run bench:load [seconds] [connections]`: throughput of mixed reads and signed writes, on one gateway process
// and on two sharing one PostgreSQL, then failover under that load.
// This process is the load generator (scripts/bench/loadClient.ts: 7 reads in 10 requests, the rest proposals,
// confirmations, deletions and messages, all signed) and runs the devnet; each gateway is a process of its own
// (apps/gateway/src/main.ts) on a throwaway database of the PostgreSQL server at BENCH_ADMIN_DATABASE_URL (an admin URL,
// default the local server). For each setup it prints requests per second, p50/p99 of reads and writes, the
// answers by status, and each process's requests and CPU time per request (1,000 / that = requests per second
// one core could serve, so a reader can see how throughput grows with cores). Then failover: two processes under
// the same load with live streams open on both and transactions executed on chain; the indexing process is
// SIGKILLed a third of the way in; prints how long until the other indexes, whether every stream on the survivor
// received every change once (or was told to refetch) and whether every accepted write is still there.
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { execSafeTx, startDevnet, testAccount } from '@concord/devnet'
import { safeAbi } from '@concord/safe/contracts'
import type { Address, Hex } from 'viem'
import { devnetChainConfig } from '../apps/gateway/src/config/devnetChain.ts'
import { readSse, type SseReader } from '../apps/gateway/src/testing/sseEvents.ts'
import {
  type GatewayProcess,
  processCpuMs,
  startGatewayProcess,
  synced,
  until,
} from './bench/gatewayProcess.ts'
import { type LoadResult, missingWrites, runLoad, summarize } from './bench/loadClient.ts'
import { createThrowawayDatabase, type ThrowawayDatabase } from './bench/throwawayDatabase.ts'

const [seconds = 60, connections = 16] = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number)
const devnet = await startDevnet({ port: 0 })
const chainId = devnet.chainId
const treasury = devnet.scenario!.safes.treasury.address as Address
const solo = devnet.scenario!.safes.solo.address as Address
const nonce = await devnet.client.readContract({ address: treasury, abi: safeAbi, functionName: 'nonce' })
// One client (this process) sends everything: the per-client budgets are for the internet, not for this.
const unlimited = { capacity: 1e9, refillPerSecond: 1e9 }
const configFile = join(tmpdir(), `concord-bench-load-${process.pid}.json`)
writeFileSync(
  configFile,
  JSON.stringify({ clientLimits: { writes: unlimited, hashing: unlimited, signIns: unlimited } }),
)
let tag = 0

async function startProcesses(db: ThrowawayDatabase, count: number): Promise<GatewayProcess[]> {
  const env = {
    DATABASE_URL: db.url,
    CONCORD_CONFIG: configFile,
    CONCORD_INDEXER: 'true',
    CONCORD_CHAINS: JSON.stringify([devnetChainConfig(devnet)]),
  }
  // One after the other: the first migrates the empty database.
  const procs: GatewayProcess[] = []
  for (let i = 0; i < count; i++) procs.push(await startGatewayProcess(`gateway ${i + 1}`, env))
  // Safe info answers from the chain before the index has the Safe: its history tag tells the index has it.
  const indexed = async (url: string) => {
    const res = await fetch(`${url}/v1/chains/${chainId}/safes/${treasury}`)
    return res.ok && ((await res.json()) as { txHistoryTag: string | null }).txHistoryTag !== null
  }
  for (const p of procs)
    await until(
      `${p.name} indexed`,
      async () => (await synced(p.url)) && (await indexed(p.url)),
      120_000,
      250,
    )
  return procs
}

function report(label: string, result: LoadResult, procs: GatewayProcess[], cpu: Map<string, number>) {
  const total = result.reads.length + result.writes.length
  console.log(
    `${label}: ${(total / result.seconds).toFixed(0)} req/s (${total} requests in ${result.seconds} s)`,
  )
  console.log(`  reads  ${summarize(result.reads)} (${result.reads.length})`)
  console.log(`  writes ${summarize(result.writes)} (${result.writes.length}, each signed and verified)`)
  console.log(
    `  answers ${[...result.answers].map(([s, n]) => `${n} × ${s}`).join(', ')}; kept ${result.accepted.kept.size} proposals, ${result.accepted.messages.length} messages created`,
  )
  for (const p of procs) {
    const requests = result.perTarget.get(p.name) ?? 0
    const ms = cpu.get(p.name) ?? 0
    const perRequest = requests ? ms / requests : Number.NaN
    console.log(
      `  ${p.name}: ${requests} requests, CPU ${(ms / 1000).toFixed(1)} s = ${perRequest.toFixed(2)} ms per request (≈ ${(1000 / perRequest).toFixed(0)} req/s per core)`,
    )
  }
}

/** Runs the load on `procs`; the CPU each process and this one used meanwhile. */
async function measure(procs: GatewayProcess[]) {
  const before = new Map(procs.map((p) => [p.name, p.cpuMs()]))
  const self = processCpuMs(process.pid)
  const result = await runLoad({
    chainId,
    safe: treasury,
    nonce,
    connections,
    seconds,
    targets: () => procs,
    tag: ++tag,
  })
  const cpu = new Map(procs.map((p) => [p.name, p.cpuMs() - before.get(p.name)!]))
  const generator = processCpuMs(process.pid) - self
  return { result, cpu, generator }
}

async function throughput(count: number) {
  const db = await createThrowawayDatabase()
  const procs = await startProcesses(db, count)
  try {
    const { result, cpu, generator } = await measure(procs)
    report(`${count} process${count > 1 ? 'es' : ''} on one PostgreSQL`, result, procs, cpu)
    console.log(`  load generator (this process, signing): CPU ${(generator / 1000).toFixed(1)} s`)
    const missing = await missingWrites(procs[0]!.url, chainId, result.accepted)
    console.log(
      `  accepted writes missing afterwards: ${missing.length}${missing.length ? ` (${missing[0]})` : ''}`,
    )
  } finally {
    for (const p of procs) await p.stop()
    await db.drop()
  }
}

async function failover() {
  const db = await createThrowawayDatabase()
  const procs = await startProcesses(db, 2)
  const streams: { proc: GatewayProcess; reader: SseReader }[] = []
  try {
    const leaders = await Promise.all(procs.map((p) => p.indexing()))
    const leader = procs[leaders.findIndex((l) => l.includes(chainId))]!
    const survivor = procs.find((p) => p !== leader)!
    for (const proc of procs)
      for (let i = 0; i < 5; i++) {
        const reader = readSse(
          await fetch(`${proc.url}/v1/live?safes=${chainId}:${treasury},${chainId}:${solo}`),
        )
        await reader.next((e) => e.event === 'ready')
        streams.push({ proc, reader })
      }
    let alive = procs
    const duration = Math.max(30, Math.round(seconds / 2))
    // On-chain activity through the whole run: the solo Safe (1 of 1) pays out every 300 ms.
    const executed: Hex[] = []
    let chainBusy = true
    const chain = (async () => {
      for (let i = 0; chainBusy; i++) {
        executed.push(
          await execSafeTx(devnet.client, {
            safe: solo,
            tx: { to: testAccount(3).address, value: BigInt(i + 1) },
            signers: [testAccount(0)],
            executor: testAccount(0).address,
          }),
        )
        await new Promise((r) => setTimeout(r, 300))
      }
    })()
    let killedAt = 0
    let takeoverMs = Number.NaN
    const kill = (async () => {
      await new Promise((r) => setTimeout(r, (duration * 1000) / 3))
      await leader.kill()
      killedAt = Date.now()
      alive = [survivor]
      await until(
        'the survivor to index',
        async () => (await survivor.indexing()).includes(chainId),
        30_000,
        50,
      )
      takeoverMs = Date.now() - killedAt
    })()
    const result = await runLoad({
      chainId,
      safe: treasury,
      nonce,
      connections,
      seconds: duration,
      targets: () => alive,
      tag: ++tag,
    })
    await kill
    chainBusy = false
    await chain
    // The survivor's streams hear its own indexing of the last execution.
    const survivorStreams = streams.filter((s) => s.proc === survivor).map((s) => s.reader)
    const last = executed.at(-1)
    for (const reader of survivorStreams)
      await reader.next((e) => e.event === 'change' && JSON.parse(e.data).txHash === last, 30_000)

    console.log(
      `failover: 2 processes, ${duration} s of load, the indexing process SIGKILLed after ${duration / 3} s`,
    )
    console.log(`  the other indexed ${takeoverMs} ms after the kill`)
    console.log(
      `  load: ${summarize([...result.reads, ...result.writes])}; answers ${[...result.answers].map(([s, n]) => `${n} × ${s}`).join(', ')} ('network': requests in flight to the killed process)`,
    )
    // Each survivor stream: every accepted creation and every execution once, unless it was told to refetch.
    const expected = [...result.accepted.created.map((c) => c.hash), ...executed]
    let silentGaps = 0
    let duplicates = 0
    let resyncs = 0
    for (const reader of survivorStreams) {
      const seen = new Map<string, number>()
      for (const e of reader.events) {
        if (e.event !== 'change') continue
        const change = JSON.parse(e.data) as {
          type: string
          safeTxHash?: string
          messageHash?: string
          txHash?: string
        }
        const key =
          change.type === 'PENDING_MULTISIG_TRANSACTION'
            ? change.safeTxHash
            : change.type === 'MESSAGE_CREATED'
              ? change.messageHash
              : change.type === 'EXECUTED_MULTISIG_TRANSACTION'
                ? change.txHash
                : undefined
        if (key) seen.set(key, (seen.get(key) ?? 0) + 1)
      }
      const told = reader.events.some((e) => e.event === 'resync')
      if (told) resyncs++
      const missing = expected.filter((h) => !seen.has(h)).length
      if (missing && !told) silentGaps++
      duplicates += [...seen.values()].filter((n) => n > 1).length
    }
    const killedStreams = streams.filter((s) => s.proc === leader)
    const ended = await Promise.all(
      killedStreams.map((s) =>
        Promise.race([
          s.reader.ended.then(() => true),
          new Promise((r) => setTimeout(() => r(false), 5_000)),
        ]),
      ),
    )
    console.log(
      `  ${survivorStreams.length} streams on the survivor: ${expected.length} changes expected each (${result.accepted.created.length} writes, ${executed.length} executions); silent gaps ${silentGaps}, duplicates ${duplicates}, told to refetch ${resyncs}`,
    )
    console.log(
      `  ${killedStreams.length} streams on the killed process: ${ended.filter(Boolean).length} ended (their clients reconnect and refetch)`,
    )
    const missing = await missingWrites(survivor.url, chainId, result.accepted)
    console.log(
      `  accepted writes missing afterwards: ${missing.length}${missing.length ? ` (${missing[0]})` : ''}`,
    )
  } finally {
    await Promise.all(streams.map((s) => s.reader.close()))
    for (const p of procs) if (p.child.exitCode === null && p.child.signalCode === null) await p.stop()
    await db.drop()
  }
}

try {
  console.log(`load: ${connections} connections, ${seconds} s per setup, devnet treasury (2 of 3)`)
  await throughput(1)
  await throughput(2)
  await failover()
} finally {
  await devnet.stop()
}
process.exit(0)
