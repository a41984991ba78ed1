// `npm test` after lint and typecheck: the Vitest projects one after another (unit, component, devnet, e2e), so the
// browser suite never competes with the chain tests for the 2 cores, then one summary line for CI.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { chromiumPath, MISSING_CHROMIUM } from '../apps/web/e2e/browser.ts'

/** One test file in Vitest's JSON report. */
type FileResult = { name: string; status: string; message: string; assertionResults: { status: string }[] }

const outDir = join(import.meta.dirname, '..', '.data', 'test-results')
mkdirSync(outDir, { recursive: true })
const projects = process.argv.slice(2).length ? process.argv.slice(2) : ['unit', 'component', 'devnet', 'e2e']
let passed = 0
let failed = 0
let skipped = 0
let exitCode = 0

for (const project of projects) {
  // Without Chromium every browser test would fail on its own: one clear line instead, with the command to run.
  if (project === 'e2e' && !(await chromiumPath().then(existsSync, () => false))) {
    console.error(`\n${MISSING_CHROMIUM}\n`)
    exitCode = 1
    failed++
    continue
  }
  const outputFile = join(outDir, `${project}.json`)
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ],
    { stdio: 'inherit' },
  )
  if (run.status !== 0) exitCode = 1
  try {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'))
    // A file whose setup failed (a hook timed out) fails none of its tests: they are reported skipped. Counted
    // as failed here, with the file named, so the summary never reads "0 failed" for a failed run.
    const broken = (report.testResults as FileResult[]).filter(
      (file) => file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'),
    )
    const notRun = broken.reduce((n, file) => n + file.assertionResults.length, 0)
    for (const file of broken)
      console.error(`${project}: ${file.name} failed before its tests: ${file.message.split('\n')[0]}`)
    passed += report.numPassedTests
    failed += report.numFailedTests + notRun
    skipped += report.numPendingTests + report.numTodoTests - notRun
    if (report.numTotalTests === 0) {
      console.error(`project ${project} ran no test`)
      exitCode = 1
    }
  } catch {
    console.error(`project ${project} wrote no report`)
    exitCode = 1
  }
}

console.log(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(exitCode)
