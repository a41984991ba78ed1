import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { homeBootChunks, type Manifest, writeBootHints } from './bootHints'

/** A Vite manifest shaped like the web build's: the entry starts three boot modules and a toast library. */
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-A.js',
    isEntry: true,
    imports: ['_react-R.js'],
    dynamicImports: [
      'node_modules/react-toastify/index.mjs',
      'src/app/bootPrefetch.ts',
      'src/app/AppShell.tsx',
      'src/app/routes/home.tsx',
    ],
  },
  '_react-R.js': { file: 'assets/react-R.js' },
  '_shared-S.js': { file: 'assets/shared-S.js', imports: ['_react-R.js'] },
  'node_modules/react-toastify/index.mjs': { file: 'assets/toastify-T.js' },
  'src/app/bootPrefetch.ts': { file: 'assets/bootPrefetch-B.js', imports: ['_shared-S.js'] },
  'src/app/AppShell.tsx': {
    file: 'assets/AppShell-W.js',
    imports: ['index.html', '_shared-S.js'],
    dynamicImports: ['src/app/routes/assets.tsx'],
  },
  'src/app/routes/home.tsx': { file: 'assets/home-H.js', imports: ['_shared-S.js', 'index.html'] },
  'src/app/routes/assets.tsx': { file: 'assets/assets-X.js' },
}

describe('homeBootChunks', () => {
  it("default: the boot modules and their static imports, each once, without the entry's own", () => {
    expect(homeBootChunks(manifest)).toEqual([
      '/assets/AppShell-W.js',
      '/assets/home-H.js',
      '/assets/bootPrefetch-B.js',
      '/assets/shared-S.js',
    ])
  })

  it('behavior: a boot module the entry no longer imports is not hinted', () => {
    const entry = manifest['index.html']!
    const without = {
      ...manifest,
      'index.html': { ...entry, dynamicImports: ['src/app/routes/home.tsx'] },
    }
    expect(homeBootChunks(without)).toEqual(['/assets/home-H.js', '/assets/shared-S.js'])
  })
})

describe('writeBootHints', () => {
  it('default: writes boot-hints.json with each chunk’s integrity and removes the manifest', () => {
    const dir = mkdtempSync(join(tmpdir(), 'concord-hints-'))
    mkdirSync(join(dir, '.vite'))
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest))
    for (const { file } of Object.values(manifest)) writeFileSync(join(dir, file), file)
    const hints = writeBootHints(dir, (bytes) => `sri-${Buffer.from(bytes).toString()}`)
    expect(hints?.[0]).toEqual({
      href: '/assets/AppShell-W.js',
      integrity: 'sri-assets/AppShell-W.js',
    })
    expect(JSON.parse(readFileSync(join(dir, 'boot-hints.json'), 'utf8'))).toEqual({ home: hints })
    expect(existsSync(join(dir, '.vite'))).toBe(false)
  })

  it('args: a build without a manifest: no hints, no file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'concord-hints-'))
    expect(writeBootHints(dir, () => '')).toBeUndefined()
    expect(existsSync(join(dir, 'boot-hints.json'))).toBe(false)
  })
})
