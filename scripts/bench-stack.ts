// `npm run bench:stack`: how heavy the product is to start and run.
//   - time from `npm start` to the printed URL: a warm start (web app and start bundle already built), and a first
//     start (as after `npm install`: both built, into an empty temporary web dist and bundle cache)
//   - resident memory per process (devnet, gateway, npm's wrapper, any esbuild service left running) and in total,
//     after start and after indexing the demo: the whole stack (warm and first start), then the gateway alone
//     following an external RPC (a devnet in this process), also after it idled a while (V8 gives back the young
//     generation the indexing grew once allocation calms down)
//   - the web entry bundle, raw and gzip, and the JS the landing page loads in Chromium
//   `--baseline` measures the old start path: the TypeScript loader (tsx) at run time and migrations run on an
//   empty database instead of the cached snapshot.
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { startDevnet } from '@concord/devnet'
import { launchBrowser } from '../apps/web/e2e/browser.ts'
import { formatRss, processTreeRss, roleRss, totalRss } from './bench/processTree.ts'
import { settle, startUntilUrl, waitIndexed } from './bench/startProcess.ts'
import { webDistDir } from './buildWeb.ts'

const root = join(import.meta.dirname, '..')
const args = new Set(process.argv.slice(2))
const baseline = args.has('--baseline')
const command = baseline ? ['npx', 'tsx', 'scripts/start.ts'] : ['npm', 'start']
const baseEnv = {
  ...process.env,
  PORT: '0',
  DEVNET_PORT: '0',
  ...(baseline ? { CONCORD_PGLITE_SNAPSHOT: 'off' } : {}),
}

/** How long the gateway alone idles before its memory is read again. */
const IDLE_SECONDS = 20

type LandingJs = { files: number; wireBytes: number; rawBytes: number }

/** The JS a cold load of the landing page fetches: its files, bytes on the wire (body as sent) and decoded. */
async function landingPageJs(url: string): Promise<LandingJs> {
  const browser = await launchBrowser()
  try {
    const page = await browser.newPage()
    const responses: Promise<{ wire: number; raw: number }>[] = []
    page.on('response', (res) => {
      if (!/\.m?js$/.test(new URL(res.url()).pathname)) return
      responses.push(
        (async () => ({
          wire: (await res.request().sizes()).responseBodySize,
          raw: (await res.body()).length,
        }))(),
      )
    })
    await page.goto(url, { waitUntil: 'networkidle' })
    const sizes = await Promise.all(responses)
    return {
      files: sizes.length,
      wireBytes: sizes.reduce((n, s) => n + s.wire, 0),
      rawBytes: sizes.reduce((n, s) => n + s.raw, 0),
    }
  } finally {
    await browser.close()
  }
}

/** The phase timings `npm start` prints (`Start-up: bundle check 0.01 s, …`). */
function phases(output: string): string {
  return /^Start-up: (.*)$/m.exec(output)?.[1] ?? ''
}

async function measureStack(landing: boolean, env: NodeJS.ProcessEnv = {}) {
  // A new chain and database each time: npm start keeps them in CONCORD_DATA_DIR across restarts.
  const dataDir = await mkdtemp(join(tmpdir(), 'concord-bench-'))
  const s = await startUntilUrl(command, {
    cwd: root,
    env: { ...baseEnv, ...env, CONCORD_DATA_DIR: dataDir },
  })
  try {
    await settle(s.url)
    const started = processTreeRss(s.child.pid!)
    await waitIndexed(s.url)
    await settle(s.url)
    const indexed = processTreeRss(s.child.pid!)
    const js = landing ? await landingPageJs(s.url) : undefined
    return { seconds: s.seconds, phases: phases(s.output()), started, indexed, js }
  } finally {
    await s.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** A restart (`npm start` again on the kept chain and database): the start most users see after the first. */
async function measureRestart() {
  const dataDir = await mkdtemp(join(tmpdir(), 'concord-bench-'))
  const env = { ...baseEnv, CONCORD_DATA_DIR: dataDir }
  try {
    const first = await startUntilUrl(command, { cwd: root, env })
    await waitIndexed(first.url)
    await first.stop()
    const again = await startUntilUrl(command, { cwd: root, env })
    await again.stop()
    return { seconds: again.seconds, phases: phases(again.output()) }
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function measureGatewayAlone() {
  const devnet = await startDevnet({ port: 0 })
  const dataDir = await mkdtemp(join(tmpdir(), 'concord-bench-'))
  try {
    const env = { ...baseEnv, CONCORD_RPC_URL: devnet.rpcUrl, CONCORD_DATA_DIR: dataDir }
    const s = await startUntilUrl(command, { cwd: root, env })
    try {
      await settle(s.url)
      const started = processTreeRss(s.child.pid!)
      await waitIndexed(s.url)
      await settle(s.url)
      const indexed = processTreeRss(s.child.pid!)
      await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000))
      return { seconds: s.seconds, started, indexed, idle: processTreeRss(s.child.pid!) }
    } finally {
      await s.stop()
    }
  } finally {
    await devnet.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/**
 * A start that builds the web app and the start bundle (scripts/run.mjs), as the first after `npm install`: into an
 * empty web dist and bundle cache of its own (the bundle cache inside the repository, see run.mjs), so the shared
 * ones are left alone. The other two caches a start fills, the migrated database snapshot and the devnet's
 * contracts, are emptied: this start makes them again, as the first on a new machine does.
 */
async function measureFirstStart() {
  rmSync(join(root, 'apps', 'gateway', 'node_modules', '.cache', 'concord-pglite'), {
    recursive: true,
    force: true,
  })
  rmSync(join(root, 'node_modules', '.cache', 'concord-devnet'), { recursive: true, force: true })
  const webDist = await mkdtemp(join(tmpdir(), 'concord-bench-web-'))
  mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true })
  const runCache = await mkdtemp(join(root, 'node_modules', '.cache', 'concord-run-bench-'))
  try {
    return await measureStack(false, { CONCORD_WEB_DIST_DIR: webDist, CONCORD_RUN_CACHE_DIR: runCache })
  } finally {
    rmSync(webDist, { recursive: true, force: true })
    rmSync(runCache, { recursive: true, force: true })
  }
}

const first = await measureFirstStart()
// Once to build what the start path caches (web build, bundled entry, database snapshot), then measured.
await measureStack(false)
const stack = await measureStack(true)
const restart = await measureRestart()
const alone = await measureGatewayAlone()

console.log(
  `${baseline ? 'BASELINE (tsx, no snapshot)' : 'npm start'}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
)
console.log(`npm start → URL (first start):     ${first.seconds.toFixed(2)} s`)
if (first.phases) console.log(`  phases: ${first.phases}`)
console.log(`first start, after start:           ${formatRss(first.started)}`)
console.log(`first start, after indexing:        ${formatRss(first.indexed)}`)
console.log(`npm start → URL (web built):        ${stack.seconds.toFixed(2)} s`)
if (stack.phases) console.log(`  phases: ${stack.phases}`)
console.log(`npm start → URL (restart, kept):    ${restart.seconds.toFixed(2)} s`)
if (restart.phases) console.log(`  phases: ${restart.phases}`)
console.log(`stack after start:                  ${formatRss(stack.started)}`)
console.log(`stack after indexing the demo:      ${formatRss(stack.indexed)}`)
console.log(`gateway alone → URL:                ${alone.seconds.toFixed(2)} s`)
console.log(`gateway alone after start:          ${formatRss(alone.started)}`)
console.log(`gateway alone after indexing:       ${formatRss(alone.indexed)}`)
console.log(`gateway alone after ${IDLE_SECONDS} s idle:      ${formatRss(alone.idle)}`)
// npm stays the parent of the process it starts; `node scripts/run.mjs` (README) runs the gateway without it.
const aloneNode = roleRss(alone.indexed, 'node (gateway)')
console.log(
  `summary: stack ${totalRss(stack.indexed).toFixed(0)} MB (first start ${totalRss(first.indexed).toFixed(0)} MB), gateway alone ${totalRss(alone.indexed).toFixed(0)} MB (node ${aloneNode.toFixed(0)} + npm ${roleRss(alone.indexed, 'npm').toFixed(0)}; node after idling ${roleRss(alone.idle, 'node (gateway)').toFixed(0)}), start→URL ${stack.seconds.toFixed(2)} s (restart ${restart.seconds.toFixed(2)} s)`,
)

const html = readFileSync(join(webDistDir, 'index.html'), 'utf8')
// The entry script and the chunks index.html preloads with it (the entry itself is a small facade, see
// apps/web/build/chunkGroups.ts).
const entryFiles = [
  ...html.matchAll(
    /<script type="module"[^>]*src="\/?([^"]+)"|<link rel="modulepreload"[^>]*href="\/?([^"]+)"/g,
  ),
].map((m) => readFileSync(join(webDistDir, (m[1] ?? m[2]) as string)))
const entryRaw = entryFiles.reduce((n, b) => n + b.length, 0)
const entryGzip = entryFiles.reduce((n, b) => n + gzipSync(b).length, 0)
const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/?([^"]+)"/g)].map((m) =>
  readFileSync(join(webDistDir, m[1]!)),
)
console.log(
  `web entry (${entryFiles.length} files with its preloads): ${(entryRaw / 1024).toFixed(1)} kB, ${(entryGzip / 1024).toFixed(1)} kB gzip`,
)
console.log(`entry CSS: ${(css.reduce((n, b) => n + gzipSync(b).length, 0) / 1024).toFixed(1)} kB gzip`)
if (stack.js)
  console.log(
    `landing page JS (${stack.js.files} files):  ${(stack.js.wireBytes / 1024).toFixed(0)} kB on the wire, ${(stack.js.rawBytes / 1024).toFixed(0)} kB raw`,
  )
