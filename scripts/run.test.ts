import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const root = join(import.meta.dirname, '..')
// Inside the repository, as run.mjs requires of its cache (see CONCORD_RUN_CACHE_DIR there).
mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true })
const dir = mkdtempSync(join(root, 'node_modules', '.cache', 'concord-run-test-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

// Prints the names of the running process's children once no esbuild is among them, or after 3 s.
const ENTRY = `
import { readFileSync } from 'node:fs'
const children = () =>
  readFileSync(\`/proc/self/task/\${process.pid}/children\`, 'utf8').trim().split(/\\s+/).filter(Boolean)
    .flatMap((pid) => { try { return [readFileSync(\`/proc/\${pid}/comm\`, 'utf8').trim()] } catch { return [] } })
const deadline = Date.now() + 3000
while (children().includes('esbuild') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
console.log(JSON.stringify(children()))
`

describe.runIf(process.platform === 'linux')('scripts/run.mjs', () => {
  it('leaves no esbuild service running in the process it starts after bundling the entry (#28 item 8)', () => {
    const entry = join(dir, 'entry.ts')
    writeFileSync(entry, ENTRY)
    const run = () =>
      spawnSync(process.execPath, [join(root, 'scripts', 'run.mjs'), entry], {
        cwd: root,
        env: { ...process.env, CONCORD_RUN_CACHE_DIR: join(dir, 'cache') },
        encoding: 'utf8',
        timeout: 20_000,
      })
    // The first run bundles (esbuild's service was started), the second runs the cached bundle.
    for (const result of [run(), run()]) {
      expect(result.status, result.stderr).toBe(0)
      expect(JSON.parse(result.stdout.trim().split('\n').at(-1)!)).not.toContain('esbuild')
    }
  })
})
