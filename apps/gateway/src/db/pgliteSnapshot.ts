// A fresh PGlite database (a data folder not created yet, or in memory) starts from a snapshot of one with every
// migration already applied, instead of running the migrations' DDL at each start: a data folder is a copy of the
// snapshot's folder (so PGlite opens it as an existing database: no tarball unpacked inside its WebAssembly memory,
// which never shrinks), an in-memory one loads its tarball. The snapshot is made once in a child process and cached
// in a folder named by the hash of the migrations (and of what else shapes it), so a new or edited migration makes a
// new snapshot and the stale one is deleted.
import { spawn } from 'node:child_process'
import { createHash, randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * PostgreSQL settings of every embedded database: 8 MB of shared buffers (PGlite's default is 128 MB). PostgreSQL
 * zero-fills the whole pool at start, so every MB of it stays resident for the life of the process: 16 → 8 MB took
 * 8 MB off the gateway (WebAssembly memory touched 29 → 21 MB), and history pages were no slower (bench:api 10,000:
 * p50 6.4–7.9 ms against 6.5–6.9 ms); the OS's page cache keeps the data folder's hot pages anyway. New
 * WAL segments made by writing their last byte instead of 16 MB of zeros (zero-filling only reserves disk space
 * ahead; in memory it grew the file in small steps, each a copy: a tenth of a 20,000-log backfill window).
 */
export const PGLITE_CONF = 'shared_buffers = 8MB\nwal_init_zero = off'

/** Writes a migrated database into `outDir`: its data folder `data/` and its tarball `data.tgz`. */
export type MakeSnapshot = (migrationsFolder: string, outDir: string) => Promise<void>

/** A cached snapshot: the migrated data folder, and the same as a gzipped tarball. */
export type Snapshot = { dataDir: string; tarball: string }

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .sort()
}

/** Hash of every file of the migrations folder (names and contents) and of `extra` (PGlite version, settings). */
export function migrationsHash(migrationsFolder: string, extra: string): string {
  const hash = createHash('sha256').update(extra)
  for (const file of filesUnder(migrationsFolder))
    hash.update(`\0${relative(migrationsFolder, file)}\0`).update(readFileSync(file))
  return hash.digest('hex').slice(0, 20)
}

export const makeSnapshotInChild: MakeSnapshot = (migrationsFolder, outDir) =>
  new Promise((resolve, reject) => {
    const script = fileURLToPath(new URL('./pgliteSnapshot.child.mjs', import.meta.url))
    const child = spawn(
      process.execPath,
      [script, JSON.stringify({ migrationsFolder, outDir, conf: PGLITE_CONF })],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000)
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`making the PGlite snapshot failed (${code}): ${stderr}`)),
    )
  })

export type SnapshotOptions = {
  migrationsFolder: string
  cacheDir: string
  /** Anything else the snapshot depends on (the PGlite version). */
  extra: string
  make?: MakeSnapshot
}

/** The migrated database: from the cache, or made now (and cached, older snapshots removed). */
export async function migratedSnapshot(options: SnapshotOptions): Promise<Snapshot> {
  const { migrationsFolder, cacheDir, make = makeSnapshotInChild } = options
  const name = `pglite-${migrationsHash(migrationsFolder, options.extra)}`
  const dir = join(cacheDir, name)
  const snapshot = { dataDir: join(dir, 'data'), tarball: join(dir, 'data.tgz') }
  if (existsSync(snapshot.tarball)) return snapshot
  // Made beside, then renamed: a process starting at the same time sees a whole snapshot or none.
  const tmp = join(cacheDir, `${name}.${process.pid}-${randomUUID().slice(0, 8)}.tmp`)
  mkdirSync(tmp, { recursive: true })
  try {
    await make(migrationsFolder, tmp)
    try {
      renameSync(tmp, dir)
    } catch (error) {
      // Another maker got there first (its snapshot is the same, and may be being copied now): keep it. A folder
      // without its tarball is no snapshot: replaced.
      if (existsSync(snapshot.tarball)) return snapshot
      if (!existsSync(dir)) throw error
      rmSync(dir, { recursive: true, force: true })
      renameSync(tmp, dir)
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true })
  }
  for (const entry of readdirSync(cacheDir))
    if (entry.startsWith('pglite-') && entry !== name && !entry.endsWith('.tmp'))
      rmSync(join(cacheDir, entry), { recursive: true, force: true })
  return snapshot
}
