// The chunks a deep link to a Safe's Home needs besides the entry's own, for the gateway to hint them in the
// page (apps/gateway/src/web/bootHints.ts) so they download while the entry does, not after it has run.
// Read from Vite's manifest: the chunks of the first screens (build/chunkGroups.ts) that the entry starts
// loading at boot (src/app/provider.tsx) and their static imports, less the entry's own closure (index.html
// loads that already). Each with its SRI.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BOOT_HINTS_FILE, type ModuleHint } from '../../gateway/src/web/bootHints.ts'
import { CHUNK_GROUPS } from './chunkGroups.ts'

type ManifestChunk = {
  file: string
  name?: string
  imports?: string[]
  dynamicImports?: string[]
  isEntry?: boolean
}
export type Manifest = Record<string, ManifestChunk>

/**
 * The chunk groups provider.tsx imports at boot on `/`: the shell and a Safe's Home. A group the entry no
 * longer imports dynamically is left out, so the hints never add a download the page would not make.
 */
export const HOME_BOOT_GROUPS: readonly string[] = CHUNK_GROUPS.slice(1).map((group) => group.name)

const ENTRY = 'index.html'
/** Where Vite writes the manifest (build.manifest: true), relative to dist. */
export const MANIFEST_FILE = join('.vite', 'manifest.json')

/** Manifest chunks of `roots` and everything they import statically, each once, roots' own first. */
function staticClosure(manifest: Manifest, roots: readonly string[]): ManifestChunk[] {
  const seen = new Set<string>()
  const chunks: ManifestChunk[] = []
  const queue = [...roots]
  while (queue.length) {
    const key = queue.shift() as string
    if (seen.has(key)) continue
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new Error(`Vite manifest: ${key} is imported but not listed`)
    chunks.push(chunk)
    queue.push(...(chunk.imports ?? []))
  }
  return chunks
}

/** The Home boot chunks (URL paths) of a build, in fetch order. */
export function homeBootChunks(manifest: Manifest): string[] {
  if (!manifest[ENTRY]?.isEntry) throw new Error(`Vite manifest: no entry ${ENTRY}`)
  const entryChunks = staticClosure(manifest, [ENTRY])
  const loaded = new Set(entryChunks.map((chunk) => chunk.file))
  // provider.tsx's dynamic imports, wherever it sits among the entry's chunks.
  const started = entryChunks
    .flatMap((chunk) => chunk.dynamicImports ?? [])
    .filter((key) => HOME_BOOT_GROUPS.includes(manifest[key]?.name ?? ''))
  return staticClosure(manifest, started)
    .map((chunk) => chunk.file)
    .filter((file, i, files) => files.indexOf(file) === i && !loaded.has(file) && /\.m?js$/.test(file))
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
