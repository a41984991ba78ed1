// Makes the snapshot pgliteSnapshot.ts caches: a PGlite data folder with every migration applied, and the same as
// a gzipped tarball (for in-memory databases). In a worker so that this second PostgreSQL's WebAssembly memory is
// freed when it ends, instead of staying in the gateway process. Plain JavaScript: no TypeScript loader here.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'

const { migrationsFolder, outDir, conf } = workerData
const client = new PGlite(join(outDir, 'data'), { postgresqlconf: conf })
await migrate(drizzle({ client }), { migrationsFolder })
const dump = await client.dumpDataDir('gzip')
await client.close()
writeFileSync(join(outDir, 'data.tgz'), new Uint8Array(await dump.arrayBuffer()))
parentPort?.postMessage('done')
