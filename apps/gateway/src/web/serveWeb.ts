// Serves the built web app on the gateway's origin, with a /config.json generated from this gateway's
// configuration (so the same build works against any gateway: nothing is baked in at build time).
// The files served are those found at start, whose digest the gateway logs and answers at GET /v1/about/build;
// each is sent precompressed (.br/.gz from the build) when the client accepts it. The one exception is the app
// shell, index.html, served with the same config inlined (appShell.ts) so the page needs no extra round trip,
// and hints for its first requests (bootHints.ts).
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Context, Hono } from 'hono'
import { getMimeType } from 'hono/utils/mime'
import { createShellRenderer, type RenderedShell } from './appShell.ts'
import { createAssetStore } from './assetStore.ts'
import { BOOT_HINTS_FILE, type HintChain, readModuleHints } from './bootHints.ts'
import { BUILD_DIGEST_FILE, type BuildFile, digestBuild } from './buildDigest.ts'
import { type WebSecurityOptions, webSecurityHeaders } from './securityHeaders.ts'

export type WebRuntimeConfig = {
  /** '' means "the origin the page was loaded from". */
  gatewayUrl: string
  walletConnectProjectId: string | null
  devnetChainId: string | null
  /** Every devnet chain (decimal ids), when more than one runs (npm start's second chain); the first is devnetChainId. */
  devnetChainIds?: string[]
}

/** A web build as found on disk at start. */
export type WebBuild = {
  dir: string
  /** SHA-256 over the files' `sha256sum` listing (see buildDigest.ts). */
  digest: string
  /** What the build wrote to build-digest.txt, or null (not built by `npm run build`). */
  recordedDigest: string | null
  files: BuildFile[]
}

const API_PREFIXES = ['/v1/', '/v2/', '/api-json', '/health']

/** Content codings of the precompressed files, by preference (brotli is the smaller). */
const ENCODINGS = [
  { name: 'br', ext: '.br' },
  { name: 'gzip', ext: '.gz' },
] as const
type Encoding = (typeof ENCODINGS)[number]['name']

/** Hashed file names (Vite's `name-<8 chars>.ext` under an assets folder) never change content. */
const HASHED_ASSET = /(^|\/)assets\/[^/]+-[\w-]{8}\.\w+$/
/** Bytes of hashed assets kept in memory after their first read (the app's first screens take ~1 MB). */
const MAX_KEPT_ASSET_BYTES = 8 * 1024 * 1024

export function loadWebBuild(webDir: string): WebBuild {
  if (!existsSync(join(webDir, 'index.html')))
    throw new Error(`webDir: ${webDir} has no index.html (build the web app first)`)
  const { digest, files } = digestBuild(webDir)
  const recordedFile = join(webDir, BUILD_DIGEST_FILE)
  const recordedDigest = existsSync(recordedFile) ? readFileSync(recordedFile, 'utf8').trim() : null
  return { dir: webDir, digest, recordedDigest, files }
}

/** The start-up log line of a build; says so when its files differ from what the build recorded. */
export function describeWebBuild(build: WebBuild): string {
  const line = `web build ${build.digest} (sha256 of ${build.files.length} files in ${build.dir})`
  if (build.recordedDigest === null) return `${line}; no ${BUILD_DIGEST_FILE}: not a finalized build`
  if (build.recordedDigest !== build.digest)
    return `${line}; WARNING: its ${BUILD_DIGEST_FILE} says ${build.recordedDigest}: files changed since the build`
  return line
}

/**
 * The coding to send among those available: the client's highest `q` (RFC 9110 §12.5.3), brotli on a tie;
 * undefined for the file as it is.
 */
export function negotiateEncoding(
  acceptEncoding: string | undefined,
  available: ReadonlySet<Encoding>,
): Encoding | undefined {
  if (!acceptEncoding || available.size === 0) return undefined
  const q = new Map<string, number>()
  for (const part of acceptEncoding.split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';')
    if (!token) continue
    const qParam = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
    const value = qParam === undefined ? 1 : Number(qParam)
    q.set(token, Number.isFinite(value) ? value : 0)
  }
  let best: Encoding | undefined
  let bestQ = 0
  for (const { name } of ENCODINGS) {
    const value = q.get(name) ?? q.get('*') ?? 0
    if (available.has(name) && value > bestQ) {
      best = name
      bestQ = value
    }
  }
  return best
}

type ServedFile = {
  path: string
  type: string
  sha256: string
  encodings: Set<Encoding>
  /** Served from memory instead of the file (the app shell, rendered with the runtime config). */
  rendered?: RenderedShell
}

/** The inline scripts' CSP hashes (the import map the build writes into each page). */
function inlineScriptHashes(dir: string, htmlFiles: readonly string[]): string[] {
  const hashes = new Set<string>()
  for (const path of htmlFiles) {
    const html = readFileSync(join(dir, path), 'utf8')
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi))
      if (body && !/\ssrc=/i.test(attributes ?? ''))
        hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
  }
  return [...hashes].sort()
}

export type ShellOptions = {
  /** The chains this gateway serves (as /v1/chains lists them), to read deep links' chain prefixes. */
  chains?: readonly HintChain[]
}

export function createWebRoutes(
  web: string | WebBuild,
  runtime: WebRuntimeConfig,
  security: WebSecurityOptions = {},
  shellOptions: ShellOptions = {},
) {
  const build = typeof web === 'string' ? loadWebBuild(web) : web
  const webDir = build.dir

  // URL path → file, with the codings the build precompressed it in.
  const served = new Map<string, ServedFile>()
  const byPath = new Map(build.files.map((f) => [f.path, f]))
  for (const file of build.files) {
    if (ENCODINGS.some((e) => file.path.endsWith(e.ext) && byPath.has(file.path.slice(0, -e.ext.length))))
      continue
    const encodings = new Set(ENCODINGS.filter((e) => byPath.has(file.path + e.ext)).map((e) => e.name))
    served.set(`/${file.path}`, {
      path: file.path,
      type: getMimeType(file.path) ?? 'application/octet-stream',
      sha256: file.sha256,
      encodings,
    })
  }
  const builtIndex = served.get('/index.html')
  if (!builtIndex) throw new Error(`webDir: ${webDir} has no index.html (build the web app first)`)
  // Hints only when the page's calls go to this gateway ('' is the page's origin): a user's own gateway
  // (chosen in Settings) is beyond what the server knows, its page then leaves the hinted responses unused.
  const indexHtml = readFileSync(join(webDir, 'index.html'), 'utf8')
  const homeModules = readModuleHints(join(webDir, BOOT_HINTS_FILE))
  const renderShell = createShellRenderer(
    indexHtml,
    runtime,
    runtime.gatewayUrl === '' ? { chains: shellOptions.chains ?? [], homeModules } : undefined,
  )
  const shellFile = (shell: RenderedShell): ServedFile => ({
    ...builtIndex,
    sha256: shell.sha256,
    encodings: new Set(ENCODINGS.map((e) => e.name)),
    rendered: shell,
  })
  const shells = new WeakMap<RenderedShell, ServedFile>()
  /** The app shell for a request's URL (a deep link to a Safe gets its own hints). */
  const indexFor = (c: Context): ServedFile => {
    const shell = renderShell(new URL(c.req.url))
    const known = shells.get(shell)
    if (known) return known
    const file = shellFile(shell)
    shells.set(shell, file)
    return file
  }
  const index = shellFile(renderShell(new URL('http://localhost/')))
  // The files the page loads first (its scripts, preloads and stylesheet; a Safe's Home chunks), in each coding.
  const assets = createAssetStore(webDir, {
    keep: (path) => HASHED_ASSET.test(path.replace(/\.(br|gz)$/, '')),
    maxKeptBytes: MAX_KEPT_ASSET_BYTES,
  })
  const firstLoaded = [
    ...[...indexHtml.matchAll(/\s(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] as string),
    ...homeModules.map((hint) => hint.href.slice(1)),
  ]
  assets.warm(firstLoaded.flatMap((path) => [path, ...ENCODINGS.map((e) => path + e.ext)]))
  served.set('/index.html', index)
  const scriptHashes = inlineScriptHashes(
    webDir,
    [...served.values()].filter((f) => f.path.endsWith('.html')).map((f) => f.path),
  )

  const securityHeaders = webSecurityHeaders({
    ...security,
    scriptHashes,
    connectTo: [...(security.connectTo ?? []), ...(runtime.gatewayUrl ? [runtime.gatewayUrl] : [])],
    walletConnect: runtime.walletConnectProjectId !== null,
  })

  // Safe Apps bundled with the web build (apps/<name>/index.html): our Apps page frames them, so they allow this
  // origin as an ancestor besides the configured ones, and hosts elsewhere may read their manifest.json.
  const bundledApps = new Set(
    [...served.keys()].flatMap((url) => /^\/apps\/([^/]+)\/index\.html$/.exec(url)?.[1] ?? []),
  )
  const bundledAppOf = (path: string) => {
    // The gateway may have trimmed the trailing slash of /apps/<name>/.
    const name = /^\/apps\/([^/]+)(\/|$)/.exec(path)?.[1]
    return name !== undefined && bundledApps.has(name)
  }
  const appHeaders = webSecurityHeaders({
    ...security,
    scriptHashes,
    frameAncestors: ["'self'", ...(security.frameAncestors ?? []).filter((a) => a !== "'none'")],
    connectTo: [...(security.connectTo ?? []), ...(runtime.gatewayUrl ? [runtime.gatewayUrl] : [])],
    walletConnect: false,
  })

  async function send(c: Context, file: ServedFile) {
    const encoding = negotiateEncoding(c.req.header('accept-encoding'), file.encodings)
    // Hashed assets never change; everything else is revalidated (by its ETag, the file's SHA-256).
    c.header(
      'Cache-Control',
      HASHED_ASSET.test(file.path) ? 'public, max-age=31536000, immutable' : 'no-cache',
    )
    c.header('Content-Type', file.type)
    if (file.encodings.size) c.header('Vary', 'Accept-Encoding')
    // One strong ETag per representation: the coded bytes differ from the file's.
    const etag = `"${file.sha256.slice(0, 32)}${encoding ? `-${encoding}` : ''}"`
    c.header('ETag', etag)
    if (encoding) c.header('Content-Encoding', encoding)
    const ifNoneMatch = c.req.header('if-none-match')
    if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag))
      return c.body(null, 304)
    const ext = ENCODINGS.find((e) => e.name === encoding)?.ext ?? ''
    const body = file.rendered
      ? encoding
        ? file.rendered.encoded[encoding]
        : file.rendered.body
      : await assets.read(file.path + ext)
    c.header('Content-Length', String(body.length))
    if (c.req.method === 'HEAD') return c.body(null, 200)
    return c.body(new Uint8Array(body.buffer, body.byteOffset, body.length), 200)
  }

  return (
    new Hono()
      // What this gateway serves, to compare with the published build (an API answer: no page headers).
      .get('/v1/about/build', (c) =>
        c.json({
          digest: build.digest,
          recordedDigest: build.recordedDigest,
          files: build.files.map(({ path, sha256, bytes }) => ({ path, sha256, bytes })),
        }),
      )
      .use('*', (c, next) => (bundledAppOf(c.req.path) ? appHeaders : securityHeaders)(c, next))
      .use('/apps/*', async (c, next) => {
        await next()
        if (bundledAppOf(c.req.path) && c.req.path.endsWith('/manifest.json'))
          c.res.headers.set('Access-Control-Allow-Origin', '*')
      })
      .get('/config.json', (c) => {
        c.header('Cache-Control', 'no-cache')
        return c.json(runtime)
      })
      .on(['GET', 'HEAD'], '*', async (c, next) => {
        // A folder (e.g. /apps/<name>/, with or without its slash) is its index.html.
        const file = served.get(c.req.path) ?? served.get(`${c.req.path.replace(/\/$/, '')}/index.html`)
        if (!file) return next()
        return send(c, file === index ? indexFor(c) : file)
      })
      // Client-side routes (e.g. /assets?safe=dev:0x…) get the app shell.
      .get('*', (c) => {
        if (API_PREFIXES.some((p) => c.req.path.startsWith(p))) return c.notFound()
        return send(c, indexFor(c))
      })
  )
}
