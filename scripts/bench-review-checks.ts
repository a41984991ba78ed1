// How long the review takes to compute its checks for one transaction in the browser (issue goal: ≤ 100 ms for a
// 20-entry MultiSend): device hashes, the decoder's reading checked and re-encoded byte for byte, the local
// decoding, and the risk checks (static, simulation, code). Run in Chromium on this machine's CPU.
//
//   npm run bench:review-checks [entries=20] [runs=50]
import { join } from 'node:path'
import { build } from 'esbuild'
import { launchBrowser } from '../apps/web/e2e/browser.ts'

const entries = Number(process.argv[2] ?? 20)
const runs = Number(process.argv[3] ?? 50)

const bundle = await build({
  entryPoints: [join(import.meta.dirname, '..', 'apps', 'web', 'bench', 'reviewChecks.entry.ts')],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  logLevel: 'silent',
})
const script = bundle.outputFiles[0]?.text ?? ''
const browser = await launchBrowser()
try {
  const page = await browser.newPage()
  await page.setContent('<!doctype html><title>review checks</title>')
  await page.addScriptTag({ content: script })
  type Result = { ms: number; problems: number; risks: number }
  const run = (n: number) =>
    page.evaluate((count) => (globalThis as unknown as { runChecks(c: number): Result }).runChecks(count), n)
  const first = await run(entries)
  const times: number[] = []
  let last = first
  for (let i = 0; i < runs; i++) {
    last = await run(entries)
    times.push(last.ms)
  }
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN
  console.log(
    `review checks of a ${entries}-entry MultiSend in Chromium (${runs} runs, ${(script.length / 1024).toFixed(0)} KiB bundle)`,
  )
  console.log(`  first run (cold): ${first.ms.toFixed(1)} ms`)
  console.log(`  p50 ${at(0.5).toFixed(1)} ms · p95 ${at(0.95).toFixed(1)} ms · max ${at(1).toFixed(1)} ms`)
  console.log(`  found ${last.problems} decoding problems and ${last.risks} risks (expected: 0 problems)`)
} finally {
  await browser.close()
}
