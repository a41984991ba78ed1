// `npm start` (and the gateway's own start): runs a TypeScript entry as one prebuilt JavaScript file, so no
// TypeScript loader (tsx and its esbuild service) stays in the running process. The workspace's own sources
// (@concord/*) are bundled with esbuild; npm packages stay external and load from node_modules as usual. The bundle
// is rebuilt only when a source it was built from changed (see runCache.mjs), and cached under
// node_modules/.cache/concord-run.
//   node scripts/run.mjs [entry.ts]     entry relative to the current folder; default scripts/start.ts
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join, relative, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { BUNDLE_FORMAT, mtimeOf, readStamp, rebuildReason } from './runCache.mjs'

const t0 = performance.now()
const root = join(import.meta.dirname, '..')
// The entry to run, else `npm start`'s; options (`--fresh`) are left for the entry to read.
const given = process.argv[2]?.startsWith('--') ? undefined : process.argv[2]
const entry = resolve(given ?? join(root, 'scripts', 'start.ts'))
// CONCORD_RUN_CACHE_DIR: another cache folder (bench:stack's first start, run.test.ts); it must lie inside the
// repository, so that the bundle's external packages resolve from its node_modules.
const cacheDir = process.env.CONCORD_RUN_CACHE_DIR
  ? resolve(process.env.CONCORD_RUN_CACHE_DIR)
  : join(root, 'node_modules', '.cache', 'concord-run')
const name = `${basename(entry).replace(/\.\w+$/, '')}-${createHash('sha256').update(entry).digest('hex').slice(0, 8)}`
// A folder per entry: the entry file and the chunks its dynamic imports load (only when they run).
const bundleDir = join(cacheDir, name)
const bundlePath = join(bundleDir, 'entry.mjs')
const stampPath = join(bundleDir, 'stamp.json')
/**
 * Bundled, not loaded from node_modules: the workspace, and pure-ESM libraries whose barrels would otherwise load
 * every module they have (viem's alone is ~30 MB resident); bundled, only what Concord uses is kept.
 */
const BUNDLED =
  /^(@concord\/|viem(\/|$)|ox(\/|$)|abitype(\/|$)|@noble\/|@scure\/|zod(\/|$)|hono(\/|$)|@hono\/zod-openapi|@hono\/zod-validator|@asteasolutions\/|drizzle-orm(\/|$))/

const esbuildVersion = JSON.parse(
  readFileSync(join(root, 'node_modules', 'esbuild', 'package.json'), 'utf8'),
).version
const reason = mtimeOf(bundlePath)
  ? rebuildReason(readStamp(stampPath), { entry, esbuild: esbuildVersion, mtime: mtimeOf })
  : 'no bundle yet'
if (process.env.CONCORD_RUN_BUNDLE_ONLY === '1') {
  await bundle()
  process.exit(0)
}
// Built in a child process (this script again, bundling only): in this process esbuild's JS and the bundle's text
// left the gateway 2–6 MB larger after a start that rebuilt (143–148 MB against 141 MB, 3 starts each).
if (reason) {
  const built = spawnSync(process.execPath, [import.meta.filename, entry], {
    env: { ...process.env, CONCORD_RUN_BUNDLE_ONLY: '1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (built.status !== 0) process.exit(built.status ?? 1)
}
// The young generation stays at its initial size (V8 doubles it, up to 2 × 16 MB, under a burst of allocation
// such as indexing, and gives it back only after several seconds idle): ~25 MB less resident while the gateway
// works, and no slower to index (bench:indexer 10,000 txs: 5,344 → 5,847 events/s, within noise).
setFlagsFromString('--semi-space-growth-factor=1')
globalThis.concordStartupMs = { bundle: performance.now() - t0, rebuilt: Boolean(reason) }
await import(pathToFileURL(bundlePath).href)

async function bundle() {
  const { build, stop } = await import('esbuild')
  /** @type {import('esbuild').Plugin} */
  const workspaceOnly = {
    name: 'workspace-only',
    setup(b) {
      // npm packages (and node: builtins) load from node_modules at run time; only @concord/* is bundled. A
      // package a workspace keeps in its own node_modules (another version than the root's) is imported by path.
      const topLevel = join(root, 'node_modules')
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (args.pluginData === 'inner' || BUNDLED.test(args.path)) return undefined
        if (args.path.startsWith('node:')) return { path: args.path, external: true }
        const found = await b.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          pluginData: 'inner',
        })
        const nested = found.path.includes('/node_modules/') && !found.path.startsWith(`${topLevel}/`)
        return { path: nested ? found.path : args.path, external: true }
      })
      // A bundled file still finds what sits next to its source (migrations, artifacts, the web folder).
      b.onLoad({ filter: /\.(ts|tsx|mts|mjs|js)$/ }, (args) => {
        const source = readFileSync(args.path, 'utf8')
          .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
          .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
          .replaceAll('import.meta.filename', JSON.stringify(args.path))
        const loader = /\.tsx$/.test(args.path) ? 'tsx' : /\.m?ts$/.test(args.path) ? 'ts' : 'js'
        return { contents: source, loader }
      })
    },
  }
  const result = await build({
    entryPoints: { entry },
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    keepNames: true,
    minifyWhitespace: true,
    minifySyntax: true,
    metafile: true,
    write: false,
    outdir: bundleDir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    absWorkingDir: root,
    logLevel: 'error',
    plugins: [workspaceOnly],
  })
  // esbuild's JS API keeps its service process (~150 MB resident) alive for later builds: there are none.
  await stop()
  // The workspace files it was built from, this script, and npm's record of node_modules (rewritten by every
  // install), rather than each bundled library file.
  const sources = Object.keys(result.metafile.inputs)
    .map((file) => resolve(root, file))
    .filter((path) => !path.includes('/node_modules/'))
  sources.push(import.meta.filename, join(root, 'node_modules', '.package-lock.json'))
  const inputs = Object.fromEntries(sources.map((path) => [path, mtimeOf(path)]))
  // Written beside, then swapped in whole: a concurrent start never sees half a bundle.
  const tmp = `${bundleDir}.${process.pid}.tmp`
  rmSync(tmp, { recursive: true, force: true })
  mkdirSync(tmp, { recursive: true })
  for (const file of result.outputFiles)
    writeFileSync(join(tmp, relative(bundleDir, file.path)), file.contents)
  writeFileSync(
    join(tmp, 'stamp.json'),
    JSON.stringify({ format: BUNDLE_FORMAT, esbuild: esbuildVersion, entry, inputs }),
  )
  // A start at the same time (two test workers on a clean clone) may have put the same bundle there already, and
  // be loading its chunks now: kept. A stale one is moved aside rather than deleted first, so the folder is
  // missing only between two renames.
  const current = mtimeOf(bundlePath)
    ? rebuildReason(readStamp(stampPath), { entry, esbuild: esbuildVersion, mtime: mtimeOf })
    : 'no bundle yet'
  if (!current) {
    rmSync(tmp, { recursive: true, force: true })
    return
  }
  const stale = `${bundleDir}.${process.pid}.old`
  rmSync(stale, { recursive: true, force: true })
  if (mtimeOf(bundleDir)) renameSync(bundleDir, stale)
  renameSync(tmp, bundleDir)
  rmSync(stale, { recursive: true, force: true })
}
