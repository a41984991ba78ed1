// `npm run bench:streams [count]`: what open live-update streams cost the gateway, and whether it gives it back.
// Starts Concord as `npm start` does (a fresh data folder, behind a "trusted proxy" so that each stream can come
// from its own client address), opens `count` streams (default 1,000) from this process, each watching the demo
// treasury, and prints the gateway's resident memory before, with the streams open, after they closed, and
// after it idled: memory kept per stream would show as "after" staying near "open".
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { formatRss, processTreeRss, roleRss } from './bench/processTree.ts'
import { settle, startUntilUrl, waitIndexed } from './bench/startProcess.ts'
import { ensureWebBuild } from './buildWeb.ts'

const count = Number(process.argv[2] ?? 1000)
const IDLE_SECONDS = 20
await ensureWebBuild()
const dataDir = mkdtempSync(join(tmpdir(), 'concord-bench-'))
const started = await startUntilUrl(['node', '--v8-pool-size=1', 'scripts/run.mjs'], {
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
const gatewayMb = () => roleRss(processTreeRss(started.child.pid as number), 'node (gateway)')

/** One stream from client 10.x.y.z, resolved once the gateway has registered it (its `ready` event). */
function openStream(i: number): Promise<() => void> {
  const url = new URL(`${started.url}/v1/live?safes=31337:${treasury}`)
  return new Promise((resolve, reject) => {
    const req = request(url, {
      headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
    })
    req.on('response', (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream ${i}: HTTP ${res.statusCode}`))
      res.setEncoding('utf8')
      res.once('data', () => resolve(() => req.destroy()))
    })
    req.on('error', () => {})
    req.end()
  })
}

try {
  if (!treasury) throw new Error(`the stack printed no demo treasury Safe:\n${started.output()}`)
  await waitIndexed(started.url)
  await settle(started.url)
  const before = gatewayMb()
  const closers: (() => void)[] = []
  for (let i = 0; i < count; i += 50)
    closers.push(
      ...(await Promise.all(Array.from({ length: Math.min(50, count - i) }, (_, k) => openStream(i + k)))),
    )
  await settle(started.url)
  const open = gatewayMb()
  for (const close of closers) close()
  await settle(started.url)
  const closed = gatewayMb()
  await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000))
  const idle = gatewayMb()
  const health = (await (await fetch(`${started.url}/health`)).json()) as object
  console.log(`streams: ${count} (one client address each)`)
  console.log(
    `gateway resident memory: before ${before.toFixed(0)} MB, ${count} open ${open.toFixed(0)} MB (${(((open - before) * 1024) / count).toFixed(1)} KB a stream), closed ${closed.toFixed(0)} MB, after ${IDLE_SECONDS} s idle ${idle.toFixed(0)} MB`,
  )
  console.log(`processes now: ${formatRss(processTreeRss(started.child.pid as number))}`)
  console.log(`/health answers: ${JSON.stringify(health).length} bytes`)
} finally {
  await started.stop()
  rmSync(dataDir, { recursive: true, force: true })
}
