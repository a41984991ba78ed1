// The store keeps answering when its database connections are cut under it (PostgreSQL: the server terminates
// them; with TEST_DATABASE_URL unset only PGlite runs, which has no connections to cut).
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createTestDatabase, testDatabaseKinds } from '../testing/testDatabases.ts'
import { createDatabase, ping } from './createDatabase.ts'

describe.each(testDatabaseKinds())('createDatabase on %s', (kind) => {
  it('survives the server terminating its idle connections (no uncaught error), and queries again', async () => {
    const database = await createTestDatabase(kind)
    const store = await createDatabase({ databaseUrl: database.url })
    try {
      expect(await ping(store.db)).toBe(true)
      if (kind === 'pglite') return
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      const { rowCount } = await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(database.url).pathname.slice(1)],
      )
      await admin.end()
      expect(rowCount).toBeGreaterThan(0)
      await new Promise((resolve) => setTimeout(resolve, 200))
      expect(await ping(store.db)).toBe(true)
    } finally {
      await store.close()
      await database.drop()
    }
  })
})
