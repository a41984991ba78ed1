// Opens the store: embedded PGlite (a data folder, or memory) by default, PostgreSQL for DATABASE_URL=postgres://…
// Both get the same drizzle schema and the same SQL migrations.

import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { setFlagsFromString } from 'node:v8'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { log } from '../log/logger.ts'
import { growMemoryFilesByHalf } from './memfsGrowth.ts'
import { migratedSnapshot, PGLITE_CONF } from './pgliteSnapshot.ts'
import * as schema from './schema.ts'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>
export type Store = {
  db: Database
  kind: 'pglite' | 'postgres'
  /** PostgreSQL only: the server and pool, for what needs its own sessions (LISTEN/NOTIFY, advisory locks). */
  postgres?: { url: string; pool: import('pg').Pool }
  close(): Promise<void>
}

const gatewayDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
const migrationsFolder = join(gatewayDir, 'migrations')
const snapshotCacheDir = join(gatewayDir, 'node_modules', '.cache', 'concord-pglite')
/** Serialises migrations when several gateway processes start against one PostgreSQL. */
const MIGRATION_LOCK = 7_415_001

export async function createDatabase(options: { databaseUrl?: string; dataDir?: string }): Promise<Store> {
  const url = options.databaseUrl
  if (url?.startsWith('postgres')) {
    const { default: pg } = await import('pg')
    const { drizzle } = await import('drizzle-orm/node-postgres')
    const { migrate } = await import('drizzle-orm/node-postgres/migrator')
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    // An idle connection the server closes (a restart, a terminated backend) is replaced on the next query;
    // unhandled, its 'error' event would crash the process.
    pool.on('error', (error) => log.warn({ module: 'database', err: error }, 'idle connection lost'))
    const db = drizzle({ client: pool, schema })
    const lock = await pool.connect()
    try {
      await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
      await migrate(db, { migrationsFolder })
    } finally {
      await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
      lock.release()
    }
    return { db, kind: 'postgres', postgres: { url, pool }, close: () => pool.end() }
  }

  // PostgreSQL in WebAssembly: V8 compiles its hot functions again with TurboFan in background threads, whose
  // compiler memory (~90 MB at peak) stays in glibc's per-thread arenas for the life of the process. The baseline
  // compiler alone keeps the gateway ~50 MB smaller, and measured no slower on history pages (bench:api).
  // Process-wide, and only for modules compiled from now on.
  setFlagsFromString('--liftoff-only')
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  let dataDir: string | undefined
  if (url !== 'pglite:memory') {
    dataDir = join(options.dataDir ?? '.data', 'pglite')
    mkdirSync(dataDir, { recursive: true })
  }
  // A new database starts from the cached migrated snapshot (CONCORD_PGLITE_SNAPSHOT=off: migrations from empty).
  const fresh = !dataDir || !existsSync(join(dataDir, 'PG_VERSION'))
  const snapshot =
    fresh && process.env.CONCORD_PGLITE_SNAPSHOT !== 'off'
      ? await migratedSnapshot({
          migrationsFolder,
          cacheDir: snapshotCacheDir,
          extra: `${PGlite.name} ${pgliteVersion()} ${PGLITE_CONF}`,
        })
      : undefined
  if (snapshot && dataDir) await copyOffThread(snapshot.dataDir, dataDir)
  const loadDataDir = snapshot && !dataDir ? new Blob([readFileSync(snapshot.tarball)]) : undefined
  const client = await PGlite.create(dataDir, { loadDataDir, postgresqlconf: PGLITE_CONF })
  // memfsGrowth.test.ts fails should PGlite's internals move; here it only costs speed.
  if (!dataDir) growMemoryFilesByHalf(client)
  const db = drizzle({ client, schema })
  // A no-op on a snapshot of the current migrations; applies the new ones to an existing data folder.
  await migrate(db, { migrationsFolder })
  return { db, kind: 'pglite', close: () => client.close() }
}

/**
 * Copies a folder in a short-lived child process: the snapshot's ~1,000 files (~40 MB) took ~0.9 s of the main
 * thread as one synchronous copy, while `npm start`'s devnets seed their demos on that thread (fs.promises.cp is
 * ~5× slower, and a worker thread would leave its memory in this process).
 */
function copyOffThread(from: string, to: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['-e', 'require("node:fs").cpSync(process.argv[1], process.argv[2], { recursive: true })', from, to],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    )
    let stderr = ''
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-2000)
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`copying ${from} failed (${code}): ${stderr}`)),
    )
  })
}

function pgliteVersion(): string {
  // Its exports omit package.json: read the one above its entry file (dist/index.*).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  return (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string })
    .version
}

export async function ping(db: Database): Promise<boolean> {
  await db.execute(sql`select 1`)
  return true
}
