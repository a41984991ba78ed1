// Builds apps/web when its dist is missing or older than any of its sources.
// CONCORD_WEB_DIST_DIR: another folder to build into and serve from than apps/web/dist (bench:stack's first start
// builds into an empty temporary one, leaving the shared dist alone).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'

export const webDir = join(import.meta.dirname, '..', 'apps', 'web')
export const webDistDir = process.env.CONCORD_WEB_DIST_DIR
  ? resolve(process.env.CONCORD_WEB_DIST_DIR)
  : join(webDir, 'dist')
/** The bundled Safe App, built into the web dist by the web build (apps/web's `build` script). */
const batchPaymentsDir = join(import.meta.dirname, '..', 'apps', 'batch-payments')

function newestMtime(path: string): number {
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(
    stat.mtimeMs,
    ...readdirSync(path)
      .filter((name) => name !== 'node_modules' && name !== 'dist' && name !== 'e2e')
      .map((name) => newestMtime(join(path, name))),
  )
}

export function webBuildIsCurrent(): boolean {
  const index = join(webDistDir, 'index.html')
  const app = join(webDistDir, 'apps', 'batch-payments', 'index.html')
  return (
    existsSync(index) &&
    existsSync(app) &&
    Math.min(statSync(index).mtimeMs, statSync(app).mtimeMs) >=
      Math.max(newestMtime(webDir), newestMtime(batchPaymentsDir))
  )
}

export function ensureWebBuild(log: (line: string) => void = console.log): void {
  if (webBuildIsCurrent()) return
  log('Building the web app…')
  const result = spawnSync('npm', ['run', 'build', '-w', '@concord/web'], {
    cwd: join(webDir, '..', '..'),
    // Inside a test runner NODE_ENV is "test", which would bundle React's development build. The build's own
    // processes (Vite's, tsx's esbuild service) end with this child process: nothing of them stays in `npm start`.
    env: { ...process.env, NODE_ENV: 'production', CONCORD_WEB_DIST_DIR: webDistDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`web build failed:\n${result.stdout}\n${result.stderr}`)
}
