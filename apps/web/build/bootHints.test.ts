import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { homeBootChunks, type Manifest, writeBootHints } from './bootHints'

/** A Vite manifest shaped like the web build's: the entry loads the boot chunk, which starts the shell, a
 * Safe's Home, a toast library and a lazy screen. */
const manifest: Manifest = {
  'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_boot-B.js'] },
  '_boot-B.js': {
    file: 'assets/boot-B.js',
    name: 'boot',
    imports: ['_runtime-R.js'],
    dynamicImports: [
      'node_modules/react-toastify/index.mjs',
      '_shell-S.js',
      '_safe-home-H.js',
      'src/app/routes/settings.tsx',
    ],
  },
  '_runtime-R.js': { file: 'assets/runtime-R.js' },
  '_shared-C.js': { file: 'assets/shared-C.js', imports: ['_runtime-R.js'] },
  'node_modules/react-toastify/index.mjs': { file: 'assets/toastify-T.js' },
  '_shell-S.js': {
    file: 'assets/shell-S.js',
    name: 'shell',
    imports: ['_boot-B.js', '_shared-C.js'],
    dynamicImports: ['src/app/routes/assets.tsx'],
  },
  '_safe-home-H.js': {
    file: 'assets/safe-home-H.js',
    name: 'safe-home',
    imports: ['_shell-S.js', '_boot-B.js'],
  },
  'src/app/routes/assets.tsx': { file: 'assets/assets-X.js' },
  'src/app/routes/settings.tsx': { file: 'assets/settings-Y.js', imports: ['_shared-C.js'] },
}

describe('homeBootChunks', () => {
  it("default: the first screens' chunk groups and their static imports, each once, without the entry's own", () => {
    expect(homeBootChunks(manifest)).toEqual([
      '/assets/shell-S.js',
      '/assets/safe-home-H.js',
      '/assets/shared-C.js',
    ])
  })

  it('behavior: a group the entry no longer imports is not hinted', () => {
    const boot = manifest['_boot-B.js']!
    const without = { ...manifest, '_boot-B.js': { ...boot, dynamicImports: ['_shell-S.js'] } }
    expect(homeBootChunks(without)).toEqual(['/assets/shell-S.js', '/assets/shared-C.js'])
  })

  it('error: a manifest without the entry', () => {
    const { 'index.html': _, ...rest } = manifest
    expect(() => homeBootChunks(rest)).toThrow(/no entry index.html/)
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
    expect(hints?.[0]).toEqual({ href: '/assets/shell-S.js', integrity: 'sri-assets/shell-S.js' })
    expect(JSON.parse(readFileSync(join(dir, 'boot-hints.json'), 'utf8'))).toEqual({ home: hints })
    expect(existsSync(join(dir, '.vite'))).toBe(false)
  })

  it('args: a build without a manifest: no hints, no file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'concord-hints-'))
    expect(writeBootHints(dir, () => '')).toBeUndefined()
    expect(existsSync(join(dir, 'boot-hints.json'))).toBe(false)
  })
})
