// The chunks a deep link to a Safe's Home needs besides the entry's own, for the gateway to hint them in the
// page (apps/gateway/src/web/bootHints.ts) so they download while the entry does, not after it has run.
// Read from Vite's manifest: the static-import closure of the modules the entry starts loading at boot
// (src/app/provider.tsx), less the entry's own closure (index.html loads that already). Each with its SRI.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BOOT_HINTS_FILE, type ModuleHint } from '../../gateway/src/web/bootHints.ts'

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean }
export type Manifest = Record<string, ManifestChunk>

/**
 * What provider.tsx imports at boot on `/`, biggest first (the browser fetches six at a time). A module the
 * entry no longer imports dynamically is left out, so the hints never add a download the page would not make.
 */
export const HOME_BOOT_MODULES = [
  'src/app/AppShell.tsx',
  'src/app/routes/safeHome.tsx',
  'src/app/routes/home.tsx',
  'src/app/bootPrefetch.ts',
] as const

const ENTRY = 'index.html'
/** Where Vite writes the manifest (build.manifest: true), relative to dist. */
export const MANIFEST_FILE = join('.vite', 'manifest.json')

/** Chunk files of `roots` and everything they import statically, each once, roots' own files first. */
function staticClosure(manifest: Manifest, roots: readonly string[]): string[] {
  const seen = new Set<string>()
  const files: string[] = []
  const queue = [...roots]
  while (queue.length) {
    const key = queue.shift() as string
    if (seen.has(key)) continue
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`Vite manifest: ${key} is imported but not listed`)
    files.push(chunk.file)
    queue.push(...(chunk.imports ?? []))
  }
  return files
}

/** The Home boot chunks (URL paths) of a build, in fetch order. */
export function homeBootChunks(manifest: Manifest): string[] {
  const entry = manifest[ENTRY]
  if (!entry?.isEntry) throw new Error(`Vite manifest: no entry ${ENTRY}`)
  const loaded = new Set(staticClosure(manifest, [ENTRY]))
  const started = HOME_BOOT_MODULES.filter((m) => entry.dynamicImports?.includes(m))
  return staticClosure(manifest, started)
    .filter((file) => !loaded.has(file) && /\.m?js$/.test(file))
    .map((file) => `/${file}`)
}

/**
 * Writes boot-hints.json from the build's Vite manifest, then removes the manifest (the module graph need not
 * be served). Returns the hints, or undefined for a build without a manifest (no file written).
 */
export function writeBootHints(dir: string, sri: (bytes: Uint8Array) => string): ModuleHint[] | undefined {
  const manifestPath = join(dir, MANIFEST_FILE)
  if (!existsSync(manifestPath)) return undefined
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest
  const home = homeBootChunks(manifest).map((href) => ({
    href,
    integrity: sri(readFileSync(join(dir, href.slice(1)))),
  }))
  writeFileSync(join(dir, BOOT_HINTS_FILE), `${JSON.stringify({ home }, null, 1)}\n`)
  rmSync(join(dir, '.vite'), { recursive: true })
  return home
}
