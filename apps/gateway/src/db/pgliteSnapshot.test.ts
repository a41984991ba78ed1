import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterEach, describe, expect, it } from 'vitest'
import { makeSnapshotInChild, migratedSnapshot, migrationsHash } from './pgliteSnapshot.ts'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'concord-snapshot-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function setup() {
  const migrationsFolder = tempDir()
  const cacheDir = join(tempDir(), 'cache')
  writeFileSync(join(migrationsFolder, '0000_init.sql'), 'create table a (id int);')
  const made: string[] = []
  // A fake maker: the "database" is the migrations' hash, so each snapshot says what it was made from.
  const make = async (folder: string, outDir: string) => {
    const hash = migrationsHash(folder, String(made.length))
    made.push(hash)
    mkdirSync(join(outDir, 'data'))
    writeFileSync(join(outDir, 'data', 'PG_VERSION'), hash)
    writeFileSync(join(outDir, 'data.tgz'), hash)
  }
  const snapshot = async (extra = 'v1') => {
    const { dataDir, tarball } = await migratedSnapshot({ migrationsFolder, cacheDir, extra, make })
    const inFolder = readFileSync(join(dataDir, 'PG_VERSION'), 'utf8')
    expect(readFileSync(tarball, 'utf8')).toBe(inFolder)
    return inFolder
  }
  return { migrationsFolder, cacheDir, made, snapshot }
}

describe('migratedSnapshot', () => {
  it('makes the snapshot once, then reads it from the cache', async () => {
    const { made, snapshot, cacheDir } = setup()
    const first = await snapshot()
    expect(await snapshot()).toBe(first)
    expect(made).toEqual([first])
    expect(readdirSync(cacheDir)).toEqual([expect.stringMatching(/^pglite-[0-9a-f]{20}$/)])
  })

  it('makes a new one when a migration is edited or added, and deletes the stale one', async () => {
    const { made, snapshot, migrationsFolder, cacheDir } = setup()
    await snapshot()
    const [stale] = readdirSync(cacheDir)
    writeFileSync(join(migrationsFolder, '0000_init.sql'), 'create table a (id bigint);')
    expect(await snapshot()).toBe(made[1])
    expect(made).toHaveLength(2)
    expect(existsSync(join(cacheDir, stale!))).toBe(false)
    writeFileSync(join(migrationsFolder, '0001_next.sql'), 'create table b (id int);')
    expect(await snapshot()).toBe(made[2])
    expect(made).toHaveLength(3)
    expect(readdirSync(cacheDir)).toHaveLength(1)
  })

  it('makes a new one when PGlite or its settings change (extra)', async () => {
    const { made, snapshot } = setup()
    await snapshot('pglite 0.5.16 shared_buffers = 16MB')
    await snapshot('pglite 0.5.17 shared_buffers = 16MB')
    expect(made).toHaveLength(2)
  })

  it('behavior: makers at once keep the first whole snapshot; a later one neither replaces nor deletes it', async () => {
    const { migrationsFolder, cacheDir } = setup()
    const maker = (id: string, ready: Promise<void>) => async (_folder: string, outDir: string) => {
      await ready
      mkdirSync(join(outDir, 'data'))
      writeFileSync(join(outDir, 'data', 'PG_VERSION'), id)
      writeFileSync(join(outDir, 'data.tgz'), id)
    }
    let release = () => {}
    const slow = migratedSnapshot({
      migrationsFolder,
      cacheDir,
      extra: 'v1',
      make: maker('slow', new Promise<void>((resolve) => (release = resolve))),
    })
    const fast = await migratedSnapshot({
      migrationsFolder,
      cacheDir,
      extra: 'v1',
      make: maker('fast', Promise.resolve()),
    })
    release()
    expect(await slow).toEqual(fast)
    expect(readFileSync(join(fast.dataDir, 'PG_VERSION'), 'utf8')).toBe('fast')
    expect(readFileSync(fast.tarball, 'utf8')).toBe('fast')
    // Neither maker's work folder is left behind.
    expect(readdirSync(cacheDir)).toEqual([expect.stringMatching(/^pglite-[0-9a-f]{20}$/)])
  })

  it('default: the real maker, a child process, writes a migrated data folder and its tarball', async () => {
    const outDir = tempDir()
    await makeSnapshotInChild(join(import.meta.dirname, '..', '..', 'migrations'), outDir)
    expect(existsSync(join(outDir, 'data', 'PG_VERSION'))).toBe(true)
    const client = await PGlite.create({ loadDataDir: new Blob([readFileSync(join(outDir, 'data.tgz'))]) })
    try {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_name = 'watched_safes'",
      )
      expect(rows[0]?.n).toBe(1)
    } finally {
      await client.close()
    }
  })

  it('hashes file names as well as contents', () => {
    const a = tempDir()
    const b = tempDir()
    writeFileSync(join(a, '0000_init.sql'), 'x')
    writeFileSync(join(b, '0001_init.sql'), 'x')
    expect(migrationsHash(a, '')).not.toBe(migrationsHash(b, ''))
    expect(migrationsHash(a, '')).toBe(migrationsHash(a, ''))
  })
})
