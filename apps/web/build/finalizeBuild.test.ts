import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { digestBuild } from '../../gateway/src/web/buildDigest.ts'
import { addIntegrity, finalizeBuild, sri } from './finalizeBuild.ts'

const VITE_HTML = `<!doctype html>
<html>
  <head>
    <link rel="icon" href="/favicon.svg" />
    <script type="module" crossorigin src="/assets/index-AAAAAAAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-BBBBBBBB.js">
    <link rel="stylesheet" crossorigin href="/assets/style-CCCCCCCC.css">
  </head>
  <body><div id="root"></div></body>
</html>
`
const FILES: Record<string, string> = {
  'index.html': VITE_HTML,
  'favicon.svg': '<svg/>',
  'assets/index-AAAAAAAA.js': `import('./lazy-DDDDDDDD.js');${'/* entry */'.repeat(100)}`,
  'assets/react-BBBBBBBB.js': 'export const react = 1',
  'assets/style-CCCCCCCC.css': `body{margin:0}${'.x{color:red}'.repeat(100)}`,
  'assets/lazy-DDDDDDDD.js': 'export default 1',
  'apps/pay/index.html':
    '<script type="module" crossorigin src="/apps/pay/assets/index-EEEEEEEE.js"></script>',
  'apps/pay/assets/index-EEEEEEEE.js': 'console.log(1)',
}

function buildDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'concord-finalize-'))
  for (const [path, content] of Object.entries(FILES)) {
    mkdirSync(join(dir, path, '..'), { recursive: true })
    writeFileSync(join(dir, path), content)
  }
  return dir
}

describe('addIntegrity', () => {
  const read = (url: string) =>
    FILES[url.slice(1)] === undefined ? undefined : Buffer.from(FILES[url.slice(1)]!)

  it('default: scripts, module preloads and stylesheets get their sha384; other links do not', () => {
    const html = addIntegrity(VITE_HTML, read)
    for (const url of [
      '/assets/index-AAAAAAAA.js',
      '/assets/react-BBBBBBBB.js',
      '/assets/style-CCCCCCCC.css',
    ])
      expect(html).toContain(`"${url}" integrity="${sri(Buffer.from(FILES[url.slice(1)]!))}">`)
    expect(html).toContain('<link rel="icon" href="/favicon.svg" />')
    expect(addIntegrity(html, read)).toBe(html)
  })

  it('args: chunks → an import map of their integrity before the first module script', () => {
    const lazy = Buffer.from(FILES['assets/lazy-DDDDDDDD.js']!)
    const html = addIntegrity(VITE_HTML, read, new Map([['/assets/lazy-DDDDDDDD.js', lazy]]))
    const importMap = /<script type="importmap">(.*?)<\/script>/.exec(html)
    expect(JSON.parse(importMap![1]!)).toEqual({ integrity: { '/assets/lazy-DDDDDDDD.js': sri(lazy) } })
    expect(importMap!.index).toBeLessThan(html.indexOf('<script type="module"'))
  })
})

describe('finalizeBuild', () => {
  it('default: integrity everywhere, .br/.gz of compressible files, the digest written; deterministic', async () => {
    const [a, b] = [buildDir(), buildDir()]
    const digest = await finalizeBuild(a, () => {})
    expect(await finalizeBuild(b, () => {})).toBe(digest)
    expect(digestBuild(a).digest).toBe(digest)
    expect(readFileSync(join(a, 'build-digest.txt'), 'utf8')).toBe(`${digest}\n`)

    const html = readFileSync(join(a, 'index.html'), 'utf8')
    const importMap = JSON.parse(/<script type="importmap">(.*?)<\/script>/.exec(html)![1]!)
    // Every chunk of the app, the lazy one included; none of the bundled app's.
    expect(Object.keys(importMap.integrity).sort()).toEqual([
      '/assets/index-AAAAAAAA.js',
      '/assets/lazy-DDDDDDDD.js',
      '/assets/react-BBBBBBBB.js',
    ])
    // A page whose one script is in its HTML needs no import map.
    const app = readFileSync(join(a, 'apps/pay/index.html'), 'utf8')
    expect(app).not.toContain('importmap')
    expect(app).toContain(`integrity="${sri(Buffer.from(FILES['apps/pay/assets/index-EEEEEEEE.js']!))}"`)

    const entry = readFileSync(join(a, 'assets/index-AAAAAAAA.js'))
    expect(brotliDecompressSync(readFileSync(join(a, 'assets/index-AAAAAAAA.js.br')))).toEqual(entry)
    expect(gunzipSync(readFileSync(join(a, 'assets/index-AAAAAAAA.js.gz')))).toEqual(entry)
    // Small files are left alone.
    expect(readdirSync(join(a, 'assets')).filter((f) => f.startsWith('react'))).toEqual(['react-BBBBBBBB.js'])
    await expect(finalizeBuild(a, () => {})).rejects.toThrow(/finalized already/)
  })
})
