import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createAssetStore } from './assetStore.ts'

const folder = (files: Record<string, string>) => {
  const dir = mkdtempSync(join(tmpdir(), 'concord-assets-'))
  mkdirSync(join(dir, 'assets'))
  for (const [path, content] of Object.entries(files)) writeFileSync(join(dir, path), content)
  return dir
}
const hashed = (path: string) => path.startsWith('assets/')

describe('createAssetStore', () => {
  it('behavior: a kept file is served from memory after its first read; others are read each time', async () => {
    const dir = folder({ 'assets/a-ABCDEFGH.js': 'one', 'favicon.svg': '<svg/>' })
    const store = createAssetStore(dir, { keep: hashed, maxKeptBytes: 1024 })
    expect((await store.read('assets/a-ABCDEFGH.js')).toString()).toBe('one')
    expect(store.keptBytes()).toBe(3)
    // Kept: a later change on disk is not read (a hashed file never changes; what was found is what is served).
    writeFileSync(join(dir, 'assets/a-ABCDEFGH.js'), 'two')
    const again = store.read('assets/a-ABCDEFGH.js')
    expect(again).toBeInstanceOf(Buffer) // no file read: bytes at once
    expect((await again).toString()).toBe('one')
    await store.read('favicon.svg')
    writeFileSync(join(dir, 'favicon.svg'), '<svg></svg>')
    expect((await store.read('favicon.svg')).toString()).toBe('<svg></svg>')
    expect(store.keptBytes()).toBe(3)
  })

  it('behavior: warm reads files ahead, skipping those missing', () => {
    const dir = folder({ 'assets/a-ABCDEFGH.js': 'one', 'assets/a-ABCDEFGH.js.br': 'b' })
    const store = createAssetStore(dir, { keep: hashed, maxKeptBytes: 1024 })
    store.warm(['assets/a-ABCDEFGH.js', 'assets/a-ABCDEFGH.js.br', 'assets/a-ABCDEFGH.js.gz'])
    expect(store.keptBytes()).toBe(4)
    expect(store.read('assets/a-ABCDEFGH.js.br')).toBeInstanceOf(Buffer)
  })

  it('args: past the bound, files are read from disk and not kept', async () => {
    const dir = folder({ 'assets/a-ABCDEFGH.js': 'x'.repeat(8), 'assets/b-ABCDEFGH.js': 'y'.repeat(8) })
    const store = createAssetStore(dir, { keep: hashed, maxKeptBytes: 10 })
    await store.read('assets/a-ABCDEFGH.js')
    await store.read('assets/b-ABCDEFGH.js')
    expect(store.keptBytes()).toBe(8)
    expect(store.read('assets/b-ABCDEFGH.js')).toBeInstanceOf(Promise)
  })

  it('error: a missing file rejects (the route answers it as not found before asking)', async () => {
    const store = createAssetStore(folder({}), { keep: hashed, maxKeptBytes: 10 })
    await expect(store.read('assets/none-ABCDEFGH.js')).rejects.toThrow(/ENOENT/)
  })
})
