// A fresh PGlite database (in memory, or a data folder not yet created) starts from a snapshot of one with every
// migration already applied, instead of running the migrations' DDL at each start. The snapshot is made once in a
// worker and cached as a file named by the hash of the migrations (and of what else shapes it), so a new or edited
// migration makes a new snapshot and the stale one is deleted.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, join, relative } from 'node:path'
import { Worker } from 'node:worker_threads'

/** PostgreSQL settings of every embedded database: 16 MB of shared buffers (PGlite's default is 128 MB). */
export const PGLITE_CONF = 'shared_buffers = 16MB'

/** Makes the tarball of a migrated database (the worker in production; tests pass a fake). */
export type MakeSnapshot = (migrationsFolder: string) => Promise<Uint8Array>

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

export const makeSnapshotInWorker: MakeSnapshot = (migrationsFolder) =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./pgliteSnapshot.worker.mjs', import.meta.url), {
      workerData: { migrationsFolder, conf: PGLITE_CONF },
    })
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`PGlite snapshot worker exited with code ${code}`)))
  })

export type SnapshotOptions = {
  migrationsFolder: string
  cacheDir: string
  /** Anything else the snapshot depends on (the PGlite version). */
  extra: string
  make?: MakeSnapshot
}

/** The migrated database's tarball: from the cache, or made now (and cached, older snapshots removed). */
export async function migratedSnapshot(options: SnapshotOptions): Promise<Blob> {
  const { migrationsFolder, cacheDir, make = makeSnapshotInWorker } = options
  const file = join(cacheDir, `pglite-${migrationsHash(migrationsFolder, options.extra)}.tgz`)
  if (existsSync(file)) return new Blob([readFileSync(file)])
  const tarball = await make(migrationsFolder)
  mkdirSync(cacheDir, { recursive: true })
  // Written beside, then renamed: a process starting at the same time reads a whole snapshot or none.
  const tmp = `${file}.${process.pid}.tmp`
  writeFileSync(tmp, tarball)
  renameSync(tmp, file)
  for (const name of readdirSync(cacheDir))
    if (name.startsWith('pglite-') && name.endsWith('.tgz') && name !== basename(file))
      rmSync(join(cacheDir, name), { force: true })
  return new Blob([tarball])
}
