// `npm run bench:history [items]`: a Safe with a very long history (default 1,000,000 items; Safe{Wallet} users
// report one of 164,910 whose history flickers). The rows are generated in the database (SQL generate_series:
// seven in ten executed multisig transactions, the rest incoming ETH), as the indexer would have stored them,
// on in-memory PGlite and on a throwaway PostgreSQL database (BENCH_ADMIN_DATABASE_URL, an admin URL; default
// TEST_DATABASE_URL, then the local server; skipped when none answers). For each it prints, over real HTTP to a
// gateway in this process: the first page and page 1,000 (20 items each) uncached (a new URL each time, so the
// page cache never answers) and as the page cache serves them, the oldest page, and the CSV export of every
// item (its size, time and this process's resident memory before, at its peak and after).
import { Agent, get } from 'node:http'
import { configSchema, createGateway } from '@concord/gateway'
import { sql } from 'drizzle-orm'
import { createDatabase } from '../apps/gateway/src/db/createDatabase.ts'
import { startRpcStub } from '../apps/gateway/src/testing/rpcStub.ts'
import { createThrowawayDatabase } from './bench/throwawayDatabase.ts'

const items = Number(process.argv[2] ?? 1_000_000)
const CHAIN = 31337
const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const OWNERS = ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC']
const rpc = await startRpcStub(CHAIN)

/** The Safe and its `items` history rows, written by the database itself. */
async function fill(databaseUrl: string) {
  const store = await createDatabase({ databaseUrl })
  const started = performance.now()
  const run = (query: ReturnType<typeof sql>) => store.db.execute(query)
  await run(sql`insert into safes (chain_id, address, owners, threshold, nonce, modules, implementation,
      version, creation_tx_hash, creation_block, updated_block)
    values (${CHAIN}, ${SAFE}, ${sql.raw(`array['${OWNERS.join("','")}']`)}, 2, ${items}, '{}',
      '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762', '1.4.1+L2', ${`0x${'11'.repeat(32)}`}, 1, ${items})`)
  // In slices, so that PGlite's single connection never holds one huge statement's work.
  const slice = 100_000
  for (let from = 1; from <= items; from += slice) {
    const to = Math.min(items, from + slice - 1)
    await run(sql`insert into multisig_transactions (chain_id, safe, safe_tx_hash, nonce, "to", value, data,
        operation, safe_tx_gas, base_gas, gas_price, gas_token, refund_receiver, signatures, executor, threshold,
        owners, params_source, success, tx_hash, block_number, log_index, timestamp)
      select ${CHAIN}, ${SAFE}, '0x' || md5('s' || i) || md5('t' || i), i, ${OWNERS[1]}, i::numeric * 1000, '0x', 0,
        0, 0, 0, '0x0000000000000000000000000000000000000000', '0x0000000000000000000000000000000000000000',
        '0x', ${OWNERS[0]}, 2, ${sql.raw(`array['${OWNERS.join("','")}']`)}, 'event', true,
        '0x' || md5('x' || i) || md5('y' || i), i + 1, 1, 1700000000 + i * 12
      from generate_series(${from}::int, ${to}::int) as i where i % 10 < 7`)
    await run(sql`insert into transfers (chain_id, safe, block_number, log_index, tx_hash, timestamp, type,
        token, "from", "to", value)
      select ${CHAIN}, ${SAFE}, i + 1, 0, '0x' || md5('x' || i) || md5('y' || i), 1700000000 + i * 12,
        'NATIVE_COIN', null, ${OWNERS[0]}, ${SAFE}, i::numeric * 10
      from generate_series(${from}::int, ${to}::int) as i where i % 10 >= 7`)
    await run(sql`insert into history_items (chain_id, safe, block_number, log_index, kind, timestamp, position)
      select ${CHAIN}, ${SAFE}, i + 1, case when i % 10 < 7 then 1 else 0 end,
        case when i % 10 < 7 then 'multisig' else 'transfer' end, 1700000000 + i * 12, i
      from generate_series(${from}::int, ${to}::int) as i`)
  }
  await run(sql`analyze`)
  return { store, seconds: (performance.now() - started) / 1000 }
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 })
/** One GET over a kept-alive socket: its time and body size. */
const timedGet = (url: string) =>
  new Promise<{ ms: number; bytes: number; body: Buffer[] }>((resolve, reject) => {
    const started = performance.now()
    get(url, { agent }, (res) => {
      let bytes = 0
      const body: Buffer[] = []
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length
        if (bytes < 1_000_000) body.push(chunk)
      })
      res.on('end', () => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`))
        else resolve({ ms: performance.now() - started, bytes, body })
      })
    }).on('error', reject)
  })

const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!.toFixed(1)
const p99 = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.99)]!.toFixed(1)
const rssMb = () => process.memoryUsage.rss() / 1024 / 1024

async function measure(kind: string, databaseUrl: string) {
  const filled = await fill(databaseUrl)
  // The same store: an in-memory PGlite opened again would be another, empty one.
  const gateway = await createGateway(
    configSchema.parse({
      port: 0,
      databaseUrl,
      indexer: false,
      chains: [{ chainId: CHAIN, name: 'Bench', rpcUrl: rpc.url, devnet: true }],
    }),
    { store: filled.store },
  )
  try {
    const base = `${await gateway.listen()}/v1/chains/${CHAIN}/safes/${SAFE}`
    const page = (offset: number, n: number) =>
      `${base}/transactions/history?cursor=${encodeURIComponent(`limit=20&offset=${offset}`)}&n=${n}`
    let unique = 0
    const times = async (offset: number, uncached: boolean) => {
      const out: number[] = []
      for (let i = 0; i < 200; i++) out.push((await timedGet(page(offset, uncached ? ++unique : 0))).ms)
      return out
    }
    // The first request of a process prepares its statements. Each page holds its 20 items (and day labels).
    for (const offset of [0, 999 * 20, items - 20]) {
      const { body } = await timedGet(page(offset, -1))
      const results = (JSON.parse(Buffer.concat(body).toString()) as { results: { type: string }[] }).results
      if (results.filter((r) => r.type === 'TRANSACTION').length !== 20)
        throw new Error(`the page at offset ${offset} holds ${results.length} results`)
    }
    console.log(
      `${kind}: a Safe with ${items.toLocaleString('en')} history items (written in ${filled.seconds.toFixed(0)} s)`,
    )
    for (const [label, offset] of [
      ['first page', 0],
      ['page 1,000', 999 * 20],
      ['oldest page', items - 20],
    ] as const) {
      const [uncached, cached] = [await times(offset, true), await times(offset, false)]
      console.log(
        `  ${label}: uncached p50 ${p50(uncached)} ms, p99 ${p99(uncached)} ms; from the page cache p50 ${p50(cached)} ms`,
      )
    }
    global.gc?.()
    const before = rssMb()
    let peak = before
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb())
    }, 20)
    const csv = await timedGet(`${base}/transactions/export?format=csv`)
    clearInterval(sampler)
    console.log(
      `  CSV export of every item: ${(csv.bytes / 1024 / 1024).toFixed(0)} MB in ${(csv.ms / 1000).toFixed(1)} s, streamed page by page; memory of this process ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB at the peak, ${rssMb().toFixed(0)} MB after`,
    )
  } finally {
    await gateway.stop()
  }
}

await measure('PGlite (in memory)', 'pglite:memory')
let db: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined
try {
  db = await createThrowawayDatabase()
} catch (error) {
  console.log(`PostgreSQL skipped: ${(error as Error).message}`)
}
if (db)
  try {
    await measure('PostgreSQL', db.url)
  } finally {
    await db.drop()
  }
agent.destroy()
await rpc.close()
process.exit(0)
