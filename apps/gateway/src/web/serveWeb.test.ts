import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { BUILD_DIGEST_FILE, digestBuild } from './buildDigest.ts'
import { createWebRoutes, describeWebBuild, loadWebBuild, negotiateEncoding } from './serveWeb.ts'

const IMPORT_MAP = '{"integrity":{"/assets/lazy-CDEFGHIJ.js":"sha384-x"}}'
const INDEX = `<!doctype html><script type="importmap">${IMPORT_MAP}</script><div id="root"></div>`
const ENTRY = `console.log(${'"entry";'.repeat(200)})`
const CSS = `body{color:red}${'.a{margin:0}'.repeat(100)}`

/** A finalized build: compressible files with their .br and .gz, and its digest file. */
function webDir(options: { digestFile?: string } = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'concord-web-'))
  const files: Record<string, string> = {
    'index.html': INDEX,
    'assets/index-ABCDEFGH.js': ENTRY,
    'assets/style-BCDEFGHI.css': CSS,
    'favicon.svg': '<svg/>',
    'apps/pay/index.html': '<!doctype html><main></main>',
  }
  mkdirSync(join(dir, 'assets'))
  mkdirSync(join(dir, 'apps', 'pay'), { recursive: true })
  for (const [path, content] of Object.entries(files)) {
    writeFileSync(join(dir, path), content)
    if (path !== 'favicon.svg') {
      writeFileSync(join(dir, `${path}.br`), brotliCompressSync(content))
      writeFileSync(join(dir, `${path}.gz`), gzipSync(content))
    }
  }
  writeFileSync(join(dir, BUILD_DIGEST_FILE), options.digestFile ?? `${digestBuild(dir).digest}\n`)
  return dir
}

const runtime = { gatewayUrl: '', walletConnectProjectId: null, devnetChainId: null }
const CHAINS_HINT = '<link rel="preload" as="fetch" crossorigin href="/v1/chains">'
const get = (web: ReturnType<typeof createWebRoutes>, path: string, headers: Record<string, string> = {}) =>
  web.request(path, { headers })

describe('negotiateEncoding', () => {
  const both = new Set(['br', 'gzip'] as const)
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['identity', undefined],
    ['', undefined],
    ['br;q=0, gzip;q=0', undefined],
  ])('args: %j → %s', (header, expected) => {
    expect(negotiateEncoding(header, both)).toBe(expected)
  })

  it('args: only the codings the file has', () => {
    expect(negotiateEncoding('br, gzip', new Set(['gzip'] as const))).toBe('gzip')
    expect(negotiateEncoding('br, gzip', new Set())).toBeUndefined()
  })
})

describe('precompressed assets', () => {
  const web = createWebRoutes(webDir(), runtime)

  it('default: brotli when accepted, with Content-Encoding, Vary and the original bytes once decoded', async () => {
    const res = await get(web, '/assets/index-ABCDEFGH.js', { 'accept-encoding': 'gzip, deflate, br, zstd' })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
    const body = Buffer.from(await res.arrayBuffer())
    expect(res.headers.get('content-length')).toBe(String(body.length))
    expect(brotliDecompressSync(body).toString()).toBe(ENTRY)
  })

  it('args: gzip only → gzip; nothing accepted → the file as it is', async () => {
    const gz = await get(web, '/assets/style-BCDEFGHI.css', { 'accept-encoding': 'gzip' })
    expect(gz.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(CSS)
    const plain = await get(web, '/assets/style-BCDEFGHI.css')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(plain.headers.get('vary')).toBe('Accept-Encoding')
    expect(await plain.text()).toBe(CSS)
  })

  it('default: hashed assets are immutable; index.html, config.json and other files are revalidated', async () => {
    const immutable = 'public, max-age=31536000, immutable'
    expect((await get(web, '/assets/index-ABCDEFGH.js')).headers.get('cache-control')).toBe(immutable)
    expect((await get(web, '/assets/style-BCDEFGHI.css')).headers.get('cache-control')).toBe(immutable)
    for (const path of ['/', '/index.html', '/safes/dev:0xabc', '/config.json', '/favicon.svg'])
      expect((await get(web, path)).headers.get('cache-control'), path).toBe('no-cache')
  })

  it('default: the app shell of a client-side route carries the runtime config inline, precompressed too', async () => {
    // INDEX has no <head>: the data block goes first, the chains hint (this gateway is the app's) last.
    const shell = `<script type="application/json" id="concord-config">${JSON.stringify(runtime)}</script>${INDEX}${CHAINS_HINT}`
    const res = await get(web, '/transactions/queue', { 'accept-encoding': 'br' })
    expect(res.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(shell)
    const plain = await get(web, '/transactions/queue')
    expect(await plain.text()).toBe(shell)
    expect(await (await get(web, '/index.html')).text()).toBe(shell)
  })

  it('behavior: a matching If-None-Match answers 304, per coding', async () => {
    const first = await get(web, '/', { 'accept-encoding': 'br' })
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{32}-br"$/)
    expect((await get(web, '/', { 'accept-encoding': 'br', 'if-none-match': etag })).status).toBe(304)
    // The identity representation has another tag.
    expect((await get(web, '/', { 'if-none-match': etag })).status).toBe(200)
  })

  it('behavior: HEAD has the headers without a body; unknown files and API paths are not the shell', async () => {
    const head = await web.request('/assets/index-ABCDEFGH.js', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(ENTRY.length))
    expect(await head.text()).toBe('')
    expect((await get(web, '/v1/nothing')).status).toBe(404)
    expect((await get(web, '/assets/index-ABCDEFGH.js.br')).headers.get('content-type')).toMatch(/text\/html/)
  })

  it('default: a bundled app folder is its index.html, with or without the slash', async () => {
    for (const path of ['/apps/pay/', '/apps/pay'])
      expect(await (await get(web, path)).text(), path).toBe('<!doctype html><main></main>')
  })
})

describe('boot hints', () => {
  const SAFE = '0xeE3A570203441329791FA2AC2C912EBC9983F886'
  const chains = [{ chainId: '31337', shortName: 'dev' }]
  const hintedDir = () => {
    const dir = webDir()
    const home = [{ href: '/assets/lazy-CDEFGHIJ.js', integrity: 'sha384-x' }]
    writeFileSync(join(dir, 'boot-hints.json'), JSON.stringify({ home }))
    return dir
  }

  it("behavior: a deep link to a Safe's Home gets its calls and chunks hinted; its own page, revalidated by ETag", async () => {
    const web = createWebRoutes(hintedDir(), runtime, {}, { chains })
    const res = await get(web, `/?safe=dev:${SAFE.toLowerCase()}`, { 'accept-encoding': 'br' })
    const html = brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin href="/v1/chains/31337/safes/${SAFE}">`,
    )
    expect(html).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/lazy-CDEFGHIJ.js" integrity="sha384-x">',
    )
    const plainEtag = (await get(web, '/', { 'accept-encoding': 'br' })).headers.get('etag')
    expect(res.headers.get('etag')).not.toBe(plainEtag)
    const again = await get(web, `/?safe=dev:${SAFE}`, {
      'if-none-match': res.headers.get('etag')!,
      'accept-encoding': 'br',
    })
    expect(again.status).toBe(304)
  })

  it('error: an invalid deep link gets the plain page, with no input of it echoed', async () => {
    const web = createWebRoutes(hintedDir(), runtime, {}, { chains })
    const html = await (await get(web, `/?safe=dev:${SAFE.slice(0, 30)}%22%3E%3Cscript%3E`)).text()
    expect(html).toBe(await (await get(web, '/')).text())
    expect(html).not.toContain('/safes/')
  })

  it('args: the app configured for another gateway: no hints at all', async () => {
    const foreign = { ...runtime, gatewayUrl: 'https://other.example' }
    const web = createWebRoutes(hintedDir(), foreign, {}, { chains })
    const html = await (await get(web, `/?safe=dev:${SAFE}`)).text()
    expect(html).not.toMatch(/rel="(preload|modulepreload)"/)
  })
})

describe('build digest', () => {
  it('default: GET /v1/about/build answers the digest of the files served, without the page headers', async () => {
    const dir = webDir()
    const web = createWebRoutes(dir, runtime)
    const res = await get(web, '/v1/about/build')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toBeNull()
    const body = (await res.json()) as { digest: string; recordedDigest: string; files: { path: string }[] }
    expect(body.digest).toBe(digestBuild(dir).digest)
    expect(body.recordedDigest).toBe(body.digest)
    expect(body.files.map((f) => f.path)).toContain('assets/index-ABCDEFGH.js.br')
    expect(body.files.map((f) => f.path)).not.toContain(BUILD_DIGEST_FILE)
  })

  it('behavior: the start-up line names the digest, and warns when the files differ from the recorded one', () => {
    const good = loadWebBuild(webDir())
    expect(describeWebBuild(good)).toMatch(new RegExp(`^web build ${good.digest} \\(sha256 of 13 files`))
    expect(describeWebBuild(good)).not.toMatch(/WARNING/)
    expect(describeWebBuild(loadWebBuild(webDir({ digestFile: 'f00\n' })))).toMatch(
      /WARNING: its build-digest.txt says f00/,
    )
  })

  it("default: the CSP allows the build's import map by its hash, and no other inline script", async () => {
    const csp = (await get(createWebRoutes(webDir(), runtime), '/')).headers.get('content-security-policy')!
    const hash = createHash('sha256').update(IMPORT_MAP).digest('base64')
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}';`))
    expect(csp).not.toMatch(/unsafe-inline'[^;]*; style-src|script-src[^;]*unsafe/)
  })
})
