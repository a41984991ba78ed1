// `npm run bench:stack`: how heavy the product is to start and run.
//   - time from `npm start` to the printed URL (web already built, then after a forced rebuild)
//   - resident memory of the running stack (the whole process tree)
//   - the web entry bundle, raw and gzip
//   - the JS the landing page loads in Chromium: bytes on the wire (as served, precompressed) and raw
import { spawn } from 'node:child_process'
import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { launchBrowser } from '../apps/web/e2e/browser.ts'
import { webDistDir } from './buildWeb.ts'

const root = join(import.meta.dirname, '..')

function treeRssKb(pid: number): number {
  let total = 0
  const stack = [pid]
  while (stack.length) {
    const p = stack.pop()!
    try {
      const status = readFileSync(`/proc/${p}/status`, 'utf8')
      total += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0)
      const children = readFileSync(`/proc/${p}/task/${p}/children`, 'utf8').trim()
      if (children) stack.push(...children.split(/\s+/).map(Number))
    } catch {}
  }
  return total
}

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

async function startOnce(): Promise<{ seconds: number; rssMb: number; landing: LandingJs }> {
  const t0 = performance.now()
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: '0', DEVNET_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let out = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d
      const m = /Open (http\S+)/.exec(out)
      if (m) resolve(m[1]!)
    })
    child.on('exit', (code) => reject(new Error(`npm start exited ${code}:\n${out}`)))
  })
  const seconds = (performance.now() - t0) / 1000
  await fetch(`${url}/v1/chains`) // warm the API once before measuring memory
  await new Promise((r) => setTimeout(r, 1000))
  const rssMb = treeRssKb(child.pid!) / 1024
  const landing = await landingPageJs(url)
  process.kill(-child.pid!, 'SIGINT')
  await new Promise((r) => child.on('exit', r))
  return { seconds, rssMb, landing }
}

const warm = await startOnce()
rmSync(webDistDir, { recursive: true, force: true })
const cold = await startOnce()

const html = readFileSync(join(webDistDir, 'index.html'), 'utf8')
const entry = /<script type="module"[^>]*src="\/?([^"]+)"/.exec(html)?.[1]
const entryBytes = entry ? readFileSync(join(webDistDir, entry)) : Buffer.alloc(0)
const css = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/?([^"]+)"/g)].map((m) =>
  readFileSync(join(webDistDir, m[1]!)),
)

console.log(`npm start → URL (web built):        ${warm.seconds.toFixed(2)} s`)
console.log(`npm start → URL (web rebuilt):      ${cold.seconds.toFixed(2)} s`)
console.log(`resident memory of the stack:       ${warm.rssMb.toFixed(0)} MB`)
console.log(
  `web entry chunk ${entry}: ${(entryBytes.length / 1024).toFixed(1)} kB, ${(gzipSync(entryBytes).length / 1024).toFixed(1)} kB gzip`,
)
console.log(`entry CSS: ${(css.reduce((n, b) => n + gzipSync(b).length, 0) / 1024).toFixed(1)} kB gzip`)
const { landing } = warm
console.log(
  `landing page JS (${landing.files} files):  ${(landing.wireBytes / 1024).toFixed(0)} kB on the wire, ${(landing.rawBytes / 1024).toFixed(0)} kB raw`,
)
