// `npm run bench:real-chain [foreignSafes] [non-l2]`: Concord on a busy chain behind a strict free-tier provider
// (`non-l2`: the team's Safe is a plain v1.3.0 Safe, as on Ethereum, whose logs lack its executions' calls).
// A child process (busyChain.child.ts) builds ~1,600 blocks with `foreignSafes` foreign Safes (default 1,000)
// and 10 token transfers per foreign Safe, and the team's Safe in the middle (300 executions, 50 incoming transfers).
// Then, with the gateway alone following the chain through the provider proxy's strict profile (Alchemy-like
// getLogs caps, batches of 10, 25 calls/s with 429, no traces, 128 blocks of state, 2 % 502 pages; its block
// range cap scaled from 2,000 of ~100,000 blocks to 32 of ~1,600, as many windows), in watched mode, it prints:
//  - how long the team's Safe info, its balances, the first history page with every call known and its complete
//    history take from its first request;
//  - the RPC calls made to get there, those refused for rate, and the gateway's resident memory;
//  - the calls per new block while following 10 watched Safes;
//  - all mode (the whole chain; PostgreSQL when BENCH_DATABASE_URL names an empty database, else PGlite):
//    events per second and eth_getLogs calls per 1,000 blocks (run it with 1000 and 3000 foreign Safes: the
//    calls do not grow with them).
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { configSchema, createGateway } from '@concord/gateway'
import { safeV141 } from '@concord/safe/contracts'
import { type Address, createPublicClient, http } from 'viem'
import { PROVIDER_PROFILES, startProviderProxy } from '../apps/gateway/src/testing/providerProxy.ts'
import { startChainChild } from './benchDevnet.ts'

type BusyChain = {
  rpcUrl: string
  chainId: number
  team: Address
  executed: number
  incoming: number
  foreign: number
  transfers: number
  head: number
  seconds: number
}

const foreign = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 1_000)
const nonL2 = process.argv.includes('non-l2')
const chain = await startChainChild<BusyChain>('./busyChain.child.ts', {
  BUSY_SAFES: String(foreign),
  BUSY_TRANSFERS: String(foreign * 10),
  BUSY_TEAM_L2: nonL2 ? '0' : '1',
})
console.log(
  `busy chain: ${chain.head.toLocaleString()} blocks, ${chain.foreign} foreign Safes, ${chain.transfers} token transfers, ` +
    `the team's ${nonL2 ? 'plain (non-L2)' : 'L2'} Safe with ${chain.executed} executions and ${chain.incoming} incoming transfers (built in ${chain.seconds.toFixed(0)} s)`,
)
const node = createPublicClient({ transport: http(chain.rpcUrl) })
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(2)
const until = async (check: () => Promise<boolean>, what: string, timeoutMs = 300_000) => {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

// Watched mode through the strict profile, the gateway in a process of its own (npm start's PGlite on disk).
const strict = PROVIDER_PROFILES.strict
const proxy = await startProviderProxy(chain.rpcUrl, { ...strict, logs: { ...strict.logs, maxRange: 32 } })
const dataDir = mkdtempSync(join(tmpdir(), 'concord-real-chain-'))
const configFile = join(dataDir, 'config.json')
writeFileSync(
  configFile,
  JSON.stringify({
    port: 0,
    dataDir,
    clientLimits: { watches: { capacity: 100, refillPerSecond: 1 } },
    chains: [{ chainId: chain.chainId, name: 'Busy chain', rpcUrl: proxy.url, indexing: 'watched' }],
  }),
)
// Started as `npm start -w @concord/gateway` starts it (one prebuilt bundle, no TypeScript loader in the process),
// so its memory is the gateway's own.
const gateway = spawn(process.execPath, ['--v8-pool-size=1', 'scripts/run.mjs', 'apps/gateway/src/main.ts'], {
  env: { ...process.env, CONCORD_CONFIG: configFile },
  stdio: ['ignore', 'pipe', 'ignore'],
})
const url = await new Promise<string>((resolve, reject) => {
  createInterface({ input: gateway.stdout }).on('line', (line) => {
    const m = /^Concord gateway on (\S+)/.exec(line)
    if (m) resolve(m[1] as string)
  })
  gateway.once('exit', (code) => reject(new Error(`the gateway exited with ${code}`)))
})
const rssMb = () => {
  const status = readFileSync(`/proc/${gateway.pid}/status`, 'utf8')
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)
}
const json = async (path: string, method = 'GET'): Promise<any> => {
  const res = await fetch(`${url}${path}`, { method })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res.json()
}
const indexedBlock = async () =>
  (await json('/health')).chains.find((c: any) => c.chainId === chain.chainId)?.indexedBlockNumber as number
await until(async () => (await indexedBlock()) >= chain.head, 'the first sync')
const before = { calls: proxy.counts.calls, rss: rssMb() }
const safePath = `/v1/chains/${chain.chainId}/safes/${chain.team}`
const t0 = performance.now()
const info = await json(safePath)
const infoAt = seconds(t0)
const balances = await json(`${safePath}/balances/usd`)
const balancesAt = seconds(t0)
// The first page as a user opens it (20 items), each execution's call known (a non-L2 Safe's are read after).
await until(async () => {
  const page: any = await json(`${safePath}/transactions/history?limit=20`)
  const rows = page.results.filter((r: any) => r.type === 'TRANSACTION')
  return (
    rows.length > 0 &&
    rows.every((r: any) => !/^Executed on chain/.test(r.transaction.txInfo.humanDescription ?? ''))
  )
}, 'the first history page')
const firstPageAt = seconds(t0)
await until(async () => (await json(`${safePath}/indexing`)).complete, 'the complete history')
const indexedAt = seconds(t0)
/** The history's executions and incoming token transfers, every page. */
const historyCounts = async () => {
  let ids: string[] = []
  let page: string | null = `${safePath}/transactions/history?limit=100`
  while (page) {
    const got: any = await json(page.replace(/^https?:\/\/[^/]+/, ''))
    ids = [
      ...ids,
      ...got.results.filter((r: any) => r.type === 'TRANSACTION').map((r: any) => r.transaction.id),
    ]
    page = got.next
  }
  const tokens = got(ids, 'transfer_')
  return { multisig: got(ids, 'multisig_'), incoming: tokens }
}
const got = (ids: string[], prefix: string) => ids.filter((id) => id.startsWith(prefix)).length
// Complete as a user sees it: every execution, and every incoming transfer with its token's metadata read.
let counts = await historyCounts()
await until(
  async () => {
    counts = await historyCounts()
    return counts.multisig === chain.executed && counts.incoming >= chain.incoming + 1
  },
  'every execution and incoming transfer in the history',
  60_000,
).catch((e) => console.log(`  ${e.message}`))
const historyAt = seconds(t0)
const balancesAfter = await json(`${safePath}/balances/usd`)
console.log(
  `watched, strict profile: Safe info ${infoAt} s (nonce ${info.nonce}), balances ${balancesAt} s (${balances.items.length} tokens; ` +
    `${balancesAfter.items.length} once indexed), first history page whole ${firstPageAt} s, history indexed ${indexedAt} s, complete in the history ${historyAt} s ` +
    `(${counts.multisig} executions and ${counts.incoming} incoming transfers listed, of ${chain.executed} and ${chain.incoming} + 1 ETH)`,
)
console.log(
  `  RPC calls to get there: ${proxy.counts.calls - before.calls}, refused for rate: ${proxy.counts.refused.rate}; ` +
    `gateway resident memory ${before.rss} MB before, ${rssMb()} MB after`,
)

// Following the head: 10 watched Safes (the team's and 9 foreign ones).
const foreignSafes = (
  (await node.getLogs({ address: safeV141.safeProxyFactory, fromBlock: 0n, toBlock: 'latest' })) as {
    topics: string[]
  }[]
)
  .slice(0, 9)
  .map((l) => `0x${l.topics[1]?.slice(26)}`)
for (const safe of foreignSafes) await json(`/v1/chains/${chain.chainId}/safes/${safe}/watch`, 'POST')
for (const safe of foreignSafes)
  await until(
    async () => (await json(`/v1/chains/${chain.chainId}/safes/${safe}/indexing`)).complete,
    `${safe}`,
  )
proxy.reset()
const BLOCKS = 20
for (let i = 0; i < BLOCKS; i++) {
  await node.request({ method: 'anvil_mine', params: ['0x1'] } as never)
  await new Promise((r) => setTimeout(r, 1_000))
}
const target = Number(await node.getBlockNumber())
await until(async () => (await indexedBlock()) >= target, `block ${target}`)
const logsCalls = proxy.counts.byMethod.eth_getLogs ?? 0
console.log(
  `  following 10 watched Safes for ${BLOCKS} blocks (one a second): ${(proxy.counts.calls / BLOCKS).toFixed(1)} calls a block ` +
    `(${(logsCalls / BLOCKS).toFixed(1)} eth_getLogs), refused for rate: ${proxy.counts.refused.rate}; gateway ${rssMb()} MB`,
)
gateway.kill('SIGTERM')
await new Promise((r) => gateway.once('exit', r))
rmSync(dataDir, { recursive: true, force: true })
await proxy.close()

// All mode: the whole chain, counted but not limited (a node of the operator's own).
const counter = await startProviderProxy(chain.rpcUrl, {})
const databaseUrl = process.env.BENCH_DATABASE_URL
const all = await createGateway(
  configSchema.parse({
    port: 0,
    databaseUrl: databaseUrl ?? 'pglite:memory',
    indexer: false,
    chains: [
      {
        chainId: chain.chainId,
        name: 'Busy chain',
        rpcUrl: counter.url,
        indexing: 'all',
        // The operator's own node: no free-tier rate to keep under.
        rpc: { maxRequestsPerSecond: 1_000_000 },
      },
    ],
  }),
)
const tAll = performance.now()
await all.indexers.get(chain.chainId)!.sync()
const allSeconds = (performance.now() - tAll) / 1000
const allLogs = counter.counts.byMethod.eth_getLogs ?? 0
console.log(
  `all mode (${databaseUrl ? 'PostgreSQL' : 'PGlite'}), ${chain.foreign} foreign Safes: ${chain.head.toLocaleString()} blocks in ${allSeconds.toFixed(1)} s, ` +
    // Logs the chain holds for it: each foreign Safe's SafeSetup and ProxyCreation, each transfer, each
    // execution's two events.
    `${Math.round((chain.transfers + chain.foreign * 2 + chain.executed * 2) / allSeconds)} logs/s; ` +
    `${allLogs} eth_getLogs (${((allLogs * 1000) / chain.head).toFixed(2)} per 1,000 blocks)`,
)
await all.stop()
await counter.close()
await chain.stop()
