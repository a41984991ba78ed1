// `npm run bench:flood [attackers] [seconds]`: other requests' latency while the gateway is flooded with the
// costliest message it accepts to hash. Starts Concord as `npm start` does (a fresh data folder, behind a "trusted
// proxy"), then `attackers` concurrent loops (default 20) post EIP-712 messages of 1,024 strings (the most a
// message may hold) with a signature that recovers to no owner, each from a new client address (a botnet: the
// per-client hashing budget never bites, only the per-message bound does). Meanwhile a probe reads GET /v1/chains
// and the treasury's SafeInfo one after the other. Prints the probe's p50/p99 before and during the flood, the
// flood's requests per second and how they were answered.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { settle, startUntilUrl, waitIndexed } from './bench/startProcess.ts'
import { ensureWebBuild } from './buildWeb.ts'

const [attackers = 20, seconds = 20] = process.argv
  .slice(2)
  .filter((a) => /^\d+$/.test(a))
  .map(Number)
await ensureWebBuild()
const dataDir = mkdtempSync(join(tmpdir(), 'concord-bench-'))
const started = await startUntilUrl(['node', 'scripts/run.mjs'], {
  cwd: join(import.meta.dirname, '..'),
  env: {
    ...process.env,
    PORT: '0',
    DEVNET_PORT: '0',
    CONCORD_DATA_DIR: dataDir,
    CONCORD_TRUST_PROXY: 'true',
  },
})
const treasury = /demo Safe "treasury": (0x[0-9a-fA-F]{40})/.exec(started.output())?.[1]

/** The heaviest typed data a message may carry: 1,024 strings of 40 characters. */
const bomb = JSON.stringify({
  message: {
    types: {
      EIP712Domain: [{ name: 'name', type: 'string' }],
      Bomb: [{ name: 'items', type: 'string[]' }],
    },
    primaryType: 'Bomb',
    domain: { name: 'flood' },
    message: { items: Array.from({ length: 1_024 }, (_, i) => `item ${i} `.padEnd(40, 'x')) },
  },
  // A well-formed ECDSA signature (v = 27) that recovers to some address, no owner of the Safe.
  signature: `0x${'1f'.repeat(32)}${'2e'.repeat(32)}1b`,
})

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN

/** Probes one after the other for `ms`; their latencies, sorted. */
async function probe(ms: number): Promise<number[]> {
  const paths = ['/v1/chains', `/v1/chains/31337/safes/${treasury}`]
  const times: number[] = []
  const until = Date.now() + ms
  for (let i = 0; Date.now() < until; i++) {
    const t = performance.now()
    const res = await fetch(`${started.url}${paths[i % paths.length]}`, {
      headers: { 'x-forwarded-for': '192.0.2.1' },
    })
    await res.arrayBuffer()
    if (!res.ok) throw new Error(`probe answered ${res.status}`)
    times.push(performance.now() - t)
  }
  return times.sort((a, b) => a - b)
}

try {
  if (!treasury) throw new Error(`the stack printed no demo treasury Safe:\n${started.output()}`)
  await waitIndexed(started.url)
  await settle(started.url)
  const quiet = await probe(5_000)
  let stop = false
  let client = 0
  const answers = new Map<number, number>()
  const flood = Array.from({ length: attackers }, async () => {
    while (!stop) {
      client++
      const res = await fetch(`${started.url}/v1/chains/31337/safes/${treasury}/messages`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
        },
        body: bomb,
      })
      await res.arrayBuffer()
      answers.set(res.status, (answers.get(res.status) ?? 0) + 1)
    }
  })
  const during = await probe(seconds * 1_000)
  stop = true
  await Promise.all(flood)
  const sent = [...answers.values()].reduce((a, b) => a + b, 0)
  const ms = (v: number) => `${v.toFixed(1)} ms`
  console.log(
    `flood: ${attackers} attackers, ${(bomb.length / 1024).toFixed(0)} KB messages of 1,024 strings, ${seconds} s`,
  )
  console.log(
    `  probe before: p50 ${ms(percentile(quiet, 50))}, p99 ${ms(percentile(quiet, 99))} (${quiet.length} requests)`,
  )
  console.log(
    `  probe during: p50 ${ms(percentile(during, 50))}, p99 ${ms(percentile(during, 99))} (${during.length} requests)`,
  )
  console.log(
    `  flood: ${(sent / seconds).toFixed(0)} messages/s, answered ${[...answers].map(([s, n]) => `${n} × ${s}`).join(', ')}`,
  )
} finally {
  await started.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
