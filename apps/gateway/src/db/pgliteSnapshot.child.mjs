// Makes the snapshot pgliteSnapshot.ts caches: a PGlite data folder with every migration applied, and the same as
// a gzipped tarball (for in-memory databases). In a process of its own: this second PostgreSQL's WebAssembly
// memory, and what V8 compiled for it, end with the process (a worker thread left ~120 MB in the gateway for its
// whole life). Plain JavaScript: no TypeScript loader here.
//   node pgliteSnapshot.child.mjs '{"migrationsFolder":…,"outDir":…,"conf":…}'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'

const { migrationsFolder, outDir, conf } = JSON.parse(process.argv[2] ?? '{}')
const client = new PGlite(join(outDir, 'data'), { postgresqlconf: conf })
await migrate(drizzle({ client }), { migrationsFolder })
const dump = await client.dumpDataDir('gzip')
await client.close()
writeFileSync(join(outDir, 'data.tgz'), new Uint8Array(await dump.arrayBuffer()))
