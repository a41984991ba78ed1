// `npm run bench:api [transactions] [seconds]`: latency of the history route on a Safe with a long history.
// A child process (benchDevnet.child.ts) runs the devnet and builds N executed Safe transactions (default
// 10,000); this process indexes them into in-memory PGlite (or DATABASE_URL), times 200 uncached pages one
// at a time (p50/p99), then keeps 10 connections busy on a few pages over real HTTP and prints p50/p99
// latency and requests per second. Load goes to 127.0.0.1 only and stops by itself.
import { Agent, get } from 'node:http'
import { startBenchGateway } from './bench/benchGateway.ts'
import { startBenchDevnet } from './benchDevnet.ts'

const count = Number(process.argv[2] ?? 10_000)
const seconds = Number(process.argv[3] ?? 10)
const connections = 10

const devnet = await startBenchDevnet(count)
const { safe } = devnet
const gateway = await startBenchGateway(devnet)
await gateway.indexers.get(devnet.chainId)!.sync()
const url = `${await gateway.listen()}/v1/chains/${devnet.chainId}/safes/${safe}/transactions/history`
const pages = [0, 20, 2000, 5000].map(
  (offset) => `${url}?cursor=${encodeURIComponent(`limit=20&offset=${offset}`)}`,
)

// The timed requests go through node:http on one kept-alive socket, a client that costs this process (which
// also runs the gateway) little: fetch (undici) added ~2 ms of its own work to each measured request.
const agent = new Agent({ keepAlive: true, maxSockets: 1 })
const timedGet = (page: string) =>
  new Promise<number>((resolve, reject) => {
    const started = performance.now()
    get(page, { agent }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { results?: unknown[] }
        if (res.statusCode !== 200 || !body.results?.length) reject(new Error(`${page}: ${res.statusCode}`))
        else resolve(performance.now() - started)
      })
    }).on('error', reject)
  })

// First requests miss the per-process page cache: the cost of building a page from the database.
const cold: number[] = []
for (const page of pages) cold.push(await timedGet(page))
console.log(
  `uncached history pages: ${cold.map((ms) => `${ms.toFixed(1)} ms`).join(', ')} (offsets 0, 20, 2000, 5000)`,
)

// The uncached p50: one request at a time, each at a different offset (each misses the page cache).
const misses: number[] = []
for (let i = 0; i < 200; i++) {
  const offset = (i * 7919) % (count - 20)
  misses.push(await timedGet(`${url}?cursor=${encodeURIComponent(`limit=20&offset=${offset}`)}`))
}
misses.sort((a, b) => a - b)
const at = (list: number[], p: number) => (list[Math.floor((list.length - 1) * p)] ?? 0).toFixed(1)
console.log(
  `uncached history page (limit 20, 200 sequential requests at offsets across the history): p50 ${at(misses, 0.5)} ms, p99 ${at(misses, 0.99)} ms`,
)

const latencies: number[] = []
let errors = 0
const until = performance.now() + seconds * 1000
await Promise.all(
  Array.from({ length: connections }, async (_, worker) => {
    for (let i = worker; performance.now() < until; i++) {
      const started = performance.now()
      const res = await fetch(pages[i % pages.length] as string)
      const body = (await res.json()) as { results?: unknown[] }
      if (res.status !== 200 || !body.results?.length) errors++
      latencies.push(performance.now() - started)
    }
  }),
)
latencies.sort((a, b) => a - b)
const pct = (p: number) => at(latencies, p)
console.log(
  `history page (limit 20) on a Safe with ${count} transactions, ${connections} connections, ${seconds} s: ` +
    `p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms, ${Math.round(latencies.length / seconds)} req/s, ${errors} errors`,
)
agent.destroy()
await gateway.stop()
await devnet.stop()
