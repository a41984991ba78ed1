// Last step of the web build (after the bundled Safe Apps are built into dist/apps), run by `npm run build`:
//  0. boot-hints.json: the chunks of a deep link's first screen, which the gateway hints in the page (bootHints.ts).
//  1. Subresource Integrity: every script and stylesheet an HTML file loads gets `integrity="sha384-…"`, and
//     an import map lists the integrity of every JS chunk beside it, so the browser also checks the chunks
//     loaded later by import() and modulepreload (Chromium enforces import map integrity).
//  2. Precompression: a .br and a .gz beside each compressible file, served by the gateway per Accept-Encoding.
//  3. verify-offline.html: the /verify page as one self-contained file, pinned by its policy (standaloneVerify.ts).
//  4. One digest of the whole build, printed and written to build-digest.txt (see buildDigest.ts).
// Every step is deterministic: two builds of one commit with one Node version are byte-identical.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, posix, relative } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { BUILD_DIGEST_FILE, digestBuild } from '../../gateway/src/web/buildDigest.ts'
import { writeBootHints } from './bootHints.ts'
import { buildStandaloneVerify, STANDALONE_VERIFY_FILE } from './standaloneVerify.ts'

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|wasm|xml)$/
/** Below this the headers cost more than compression saves. */
const MIN_COMPRESS_BYTES = 512

export const sri = (data: Uint8Array) => `sha384-${createHash('sha384').update(data).digest('base64')}`

function walk(dir: string, sub = ''): string[] {
  return readdirSync(join(dir, sub), { withFileTypes: true })
    .flatMap((e) => {
      const path = sub ? `${sub}/${e.name}` : e.name
      return e.isDirectory() ? walk(dir, path) : e.isFile() ? [path] : []
    })
    .sort()
}

/** A tag's attribute value, or undefined. */
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]

/**
 * `html` with an integrity attribute on each `<script src>` and `<link rel=stylesheet|modulepreload>` whose URL
 * `read` resolves to a file, and an import map giving the integrity of `chunks` (URL → bytes) before the first
 * module script, so that chunks imported later are checked too.
 */
export function addIntegrity(
  html: string,
  read: (url: string) => Uint8Array | undefined,
  chunks: ReadonlyMap<string, Uint8Array> = new Map(),
): string {
  const withAttributes = html.replace(/<(script|link)\b[^>]*>/gi, (tag, name: string) => {
    if (attribute(tag, 'integrity') !== undefined) return tag
    let url: string | undefined
    if (name.toLowerCase() === 'script') url = attribute(tag, 'src')
    else if (/^(stylesheet|modulepreload)$/i.test(attribute(tag, 'rel') ?? '')) url = attribute(tag, 'href')
    const bytes = url === undefined ? undefined : read(url)
    if (!bytes) return tag
    return tag.replace(/\s*\/?>$/, (end) => ` integrity="${sri(bytes)}"${end.trim() === '/>' ? ' />' : '>'}`)
  })
  if (chunks.size === 0) return withAttributes
  const integrity = Object.fromEntries(
    [...chunks].sort(([a], [b]) => (a < b ? -1 : 1)).map(([url, bytes]) => [url, sri(bytes)]),
  )
  const importMap = `<script type="importmap">${JSON.stringify({ integrity })}</script>`
  const first = withAttributes.search(/<script\b[^>]*type="module"|<link\b[^>]*rel="modulepreload"/i)
  if (first < 0) throw new Error('addIntegrity: chunks given but the HTML loads no module')
  const indent = /[ \t]*$/.exec(withAttributes.slice(0, first))?.[0] ?? ''
  return `${withAttributes.slice(0, first)}${importMap}\n${indent}${withAttributes.slice(first)}`
}

/** Adds SRI to every HTML file of the build in `dir`; returns the files changed. */
export function addIntegrityToBuild(dir: string): string[] {
  const files = walk(dir)
  const changed: string[] = []
  // The standalone page carries its script inline, pinned by its own policy: nothing to add to it.
  for (const htmlPath of files.filter((f) => f.endsWith('.html') && f !== STANDALONE_VERIFY_FILE)) {
    const htmlDir = posix.dirname(htmlPath)
    const urlOf = (path: string) => `/${path}`
    const read = (url: string) => {
      if (/^[a-z]+:|^\/\//i.test(url)) return undefined
      const path = url.startsWith('/') ? url.slice(1) : posix.join(htmlDir, url)
      const file = join(dir, ...(path.split('?')[0] ?? '').split('/'))
      return existsSync(file) ? readFileSync(file) : undefined
    }
    // The JS chunks of this page: those in its assets folder (the main app's, or a bundled Safe App's).
    const assets = htmlDir === '.' ? 'assets/' : `${htmlDir}/assets/`
    const chunks = new Map(
      files
        .filter((f) => f.startsWith(assets) && /\.m?js$/.test(f))
        .map((f) => [urlOf(f), readFileSync(join(dir, f))] as const),
    )
    const html = readFileSync(join(dir, htmlPath), 'utf8')
    // A page with a single script needs no import map (and its CSP no hash for one).
    const lazy = [...chunks.keys()].some((url) => !html.includes(`"${url}"`))
    const next = addIntegrity(html, read, lazy ? chunks : new Map())
    if (next !== html) {
      writeFileSync(join(dir, htmlPath), next)
      changed.push(htmlPath)
    }
  }
  return changed
}

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)

/** Writes `<file>.br` and `<file>.gz` beside each compressible file that shrinks by 10 % or more. */
export async function precompressBuild(dir: string): Promise<{ files: number; raw: number; br: number }> {
  const targets = walk(dir).filter((f) => COMPRESSIBLE.test(f) && !f.endsWith(BUILD_DIGEST_FILE))
  let files = 0
  let raw = 0
  let br = 0
  await Promise.all(
    targets.map(async (path) => {
      const bytes = readFileSync(join(dir, path))
      if (bytes.length < MIN_COMPRESS_BYTES) return
      const [b, g] = await Promise.all([
        brotli(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
        // gzip from zlib writes no name and a zero mtime: the output depends on the input only.
        gz(bytes, { level: constants.Z_BEST_COMPRESSION }),
      ])
      if (g.length > bytes.length * 0.9) return
      writeFileSync(join(dir, `${path}.br`), b)
      writeFileSync(join(dir, `${path}.gz`), g)
      files++
      raw += bytes.length
      br += b.length
    }),
  )
  return { files, raw, br }
}

/** The whole last step; returns the build's digest. */
export async function finalizeBuild(dir: string, log: (line: string) => void = console.log): Promise<string> {
  if (existsSync(join(dir, BUILD_DIGEST_FILE)))
    throw new Error(`${dir} was finalized already: build it afresh`)
  const hints = writeBootHints(dir, sri)
  log(hints ? `boot hints: ${hints.length} Home chunks` : 'boot hints: none (no Vite manifest)')
  const standalone = await buildStandaloneVerify(dir, join(dirname(import.meta.filename), '..'))
  log(`${STANDALONE_VERIFY_FILE} (sha256): ${standalone}`)
  const pages = addIntegrityToBuild(dir)
  log(`integrity: ${pages.join(', ')}`)
  const { files, raw, br } = await precompressBuild(dir)
  log(`precompressed ${files} files: ${(raw / 1024).toFixed(0)} kB → ${(br / 1024).toFixed(0)} kB brotli`)
  const { digest, files: all } = digestBuild(dir)
  writeFileSync(join(dir, BUILD_DIGEST_FILE), `${digest}\n`)
  log(`build digest (${all.length} files, sha256): ${digest}`)
  return digest
}

if (process.argv[1] && relative(process.argv[1], import.meta.filename) === '') {
  // CONCORD_WEB_DIST_DIR, where set, is where vite.config.ts built (scripts/buildWeb.ts): it wins over `npm run
  // build`'s `dist`.
  const dir =
    process.env.CONCORD_WEB_DIST_DIR ?? process.argv[2] ?? join(dirname(import.meta.filename), '..', 'dist')
  await finalizeBuild(dir)
}
