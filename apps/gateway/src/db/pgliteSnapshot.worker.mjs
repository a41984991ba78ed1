// Makes the snapshot pgliteSnapshot.ts caches: an empty PGlite database with every migration applied, dumped as a
// gzipped tarball of its data folder. In a worker so that this second PostgreSQL's WebAssembly memory is freed
// when it ends, instead of staying in the gateway process. Plain JavaScript: it runs without a TypeScript loader.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'

const client = new PGlite({ postgresqlconf: workerData.conf })
await migrate(drizzle({ client }), { migrationsFolder: workerData.migrationsFolder })
const dump = await client.dumpDataDir('gzip')
await client.close()
const bytes = new Uint8Array(await dump.arrayBuffer())
parentPort?.postMessage(bytes, [bytes.buffer])
