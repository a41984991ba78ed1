// `npm run bench:first-load [runs]`: what a first visit costs, in headless Chromium against the stack (devnet),
// started as `npm start` starts it (node --v8-pool-size=1 scripts/run.mjs) in a process of its own, this one driving the browser.
//   - the landing page: JS files, bytes on the wire (as served, precompressed) and decoded, the biggest files
//   - a cold deep link to a Safe's Home (fresh browser context, nothing cached): time from navigation start to the
//     first frame painted with the dashboard populated (total balance, queued count and owners), measured in the
//     page (markPopulated), median and spread of `runs` (10); and the same seen from the driver
//   - on that cold Home: when the first gateway call for the Safe started, relative to navigation, and how many
//     requests ran before it (the boot chain the issue measured: config → chains → code → Safe calls)

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { launchBrowser } from '../apps/web/e2e/browser.ts'
import { startUntilUrl, waitIndexed } from './bench/startProcess.ts'
import { ensureWebBuild } from './buildWeb.ts'

const runs = Number(process.argv[2] ?? 10)
await ensureWebBuild()
// A fresh data folder: npm start keeps its chain and database across restarts.
const dataDir = mkdtempSync(join(tmpdir(), 'concord-bench-'))
const started = await startUntilUrl(['node', '--v8-pool-size=1', 'scripts/run.mjs'], {
  cwd: join(import.meta.dirname, '..'),
  env: { ...process.env, PORT: '0', DEVNET_PORT: '0', CONCORD_DATA_DIR: dataDir },
})
const stack = {
  url: started.url,
  stop: async () => {
    await started.stop()
    rmSync(dataDir, { recursive: true, force: true })
  },
}
const treasury = /demo Safe "treasury": (0x[0-9a-fA-F]{40})/.exec(started.output())?.[1]
if (!treasury) {
  await stack.stop()
  throw new Error(`the stack printed no demo treasury Safe:\n${started.output()}`)
}
await waitIndexed(stack.url)
const browser = await launchBrowser()

type JsFile = { path: string; wire: number; raw: number }

async function landingJs(): Promise<JsFile[]> {
  const context = await browser.newContext()
  const page = await context.newPage()
  const files: Promise<JsFile>[] = []
  page.on('response', (res) => {
    const path = new URL(res.url()).pathname
    if (!/\.m?js$/.test(path)) return
    files.push(
      (async () => ({
        path,
        wire: (await res.request().sizes()).responseBodySize,
        raw: (await res.body()).length,
      }))(),
    )
  })
  await page.goto(stack.url, { waitUntil: 'networkidle' })
  const out = await Promise.all(files)
  await context.close()
  return out
}

type ColdHome = { ms: number; wallMs: number; firstSafeCallMs: number; requestsBefore: number }

/** What a cold Home counts as populated: its total balance, queued count and owners in the page. */
const POPULATED = [
  '[data-testid=total-balance]',
  '[data-testid=queued-count]',
  '[data-testid=safe-owners] li',
]

/**
 * Marks, in the page, the first frame painted with all of POPULATED in it, as ms since navigation start. Watched
 * by a MutationObserver the page runs itself and reported through a binding: locator polling would inject
 * Playwright's script and poll on the very main thread being measured (~15 ms of it during the load). A string:
 * the page gets it as written (this file's functions are rewritten by the TypeScript loader). The frame after
 * the mutation is the first painted with them; a task queued in its animation frame runs after its paint.
 */
const MARK_POPULATED = `new MutationObserver((_, observer) => {
  if (!${JSON.stringify(POPULATED)}.every((s) => document.querySelector(s))) return
  observer.disconnect()
  requestAnimationFrame(() => setTimeout(() => window.concordPopulated(performance.now())))
}).observe(document, { childList: true, subtree: true })`

async function coldHome(): Promise<ColdHome> {
  const context = await browser.newContext()
  let populated!: (ms: number) => void
  const painted = new Promise<number>((resolve) => {
    populated = resolve
  })
  await context.exposeFunction('concordPopulated', (ms: number) => populated(ms))
  await context.addInitScript({ content: MARK_POPULATED })
  const page: Page = await context.newPage()
  const started: { url: string; at: number }[] = []
  page.on('request', (req) => started.push({ url: req.url(), at: Date.now() }))
  const t0 = Date.now()
  await page.goto(`${stack.url}/?safe=dev:${treasury}`, { waitUntil: 'commit' })
  const ms = await Promise.race([
    painted,
    new Promise<number>((_, reject) =>
      setTimeout(() => reject(new Error('Home not populated in 30 s')), 30_000),
    ),
  ])
  const wallMs = Date.now() - t0
  const firstSafe = started.findIndex((r) => r.url.includes(`/safes/${treasury}`))
  await context.close()
  return {
    ms: Math.round(ms),
    wallMs,
    firstSafeCallMs: firstSafe < 0 ? Number.NaN : started[firstSafe]!.at - t0,
    requestsBefore: firstSafe,
  }
}

const kB = (n: number) => `${(n / 1024).toFixed(0)} kB`
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]!
}

try {
  const js = await landingJs()
  const wire = js.reduce((n, f) => n + f.wire, 0)
  const raw = js.reduce((n, f) => n + f.raw, 0)
  console.log(
    `landing page JS: ${js.length} files, ${kB(wire)} on the wire, ${kB(raw)} decoded (goal ≤ 150 kB)`,
  )
  for (const f of [...js].sort((a, b) => b.wire - a.wire).slice(0, Number(process.env.TOP_FILES ?? 8)))
    console.log(`  ${kB(f.wire).padStart(7)} wire ${kB(f.raw).padStart(7)} raw  ${f.path}`)

  if (runs === 0) process.exit(0)
  await coldHome() // the first run warms the gateway's caches and the OS, as a user's second visitor would find them
  const results: ColdHome[] = []
  for (let i = 0; i < runs; i++) results.push(await coldHome())
  const times = results.map((r) => r.ms)
  const walls = results.map((r) => r.wallMs)
  console.log(
    `cold Home populated (navigation → first frame painted with balance, queue and owners): median ${median(times)} ms, min ${Math.min(...times)} ms, max ${Math.max(...times)} ms over ${runs} runs (goal ≤ 400 ms)`,
  )
  console.log(
    `  seen from the driver (page.goto → the page's report): median ${median(walls)} ms, min ${Math.min(...walls)} ms`,
  )
  console.log(
    `first Safe gateway call: median ${median(results.map((r) => r.firstSafeCallMs))} ms after navigation, after ${median(results.map((r) => r.requestsBefore))} other requests`,
  )
} finally {
  await browser.close()
  await stack.stop()
}
