// Where store-backed tests run: always an in-memory PGlite, plus a throwaway database on the PostgreSQL
// server named by TEST_DATABASE_URL when it is set (CI sets it).
import pg from 'pg'
import { afterAll, beforeAll } from 'vitest'
import { createDatabase, type Store } from '../db/createDatabase.ts'

export type TestDatabase = { name: 'pglite' | 'postgres'; url: string; drop(): Promise<void> }

export function testDatabaseKinds(): TestDatabase['name'][] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']
}

export async function createTestDatabase(kind: TestDatabase['name']): Promise<TestDatabase> {
  if (kind === 'pglite') return { name: 'pglite', url: 'pglite:memory', drop: async () => {} }
  const admin = process.env.TEST_DATABASE_URL
  if (!admin) throw new Error('TEST_DATABASE_URL is not set')
  const dbName = `concord_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  const client = new pg.Client({ connectionString: admin })
  await client.connect()
  await client.query(`create database ${dbName}`)
  await client.end()
  const url = new URL(admin)
  url.pathname = `/${dbName}`
  return {
    name: 'postgres',
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin })
      await c.connect()
      await c.query(`drop database if exists ${dbName} with (force)`)
      await c.end()
    },
  }
}

/** A migrated store on `kind` for a describe block's tests: opened before them, closed and dropped after. */
export function useTestStore(kind: TestDatabase['name']): () => Store {
  let store: Store | undefined
  let drop = async () => {}
  beforeAll(async () => {
    const database = await createTestDatabase(kind)
    drop = database.drop
    store = await createDatabase({ databaseUrl: database.url })
  })
  afterAll(async () => {
    await store?.close()
    await drop()
  })
  return () => {
    if (!store) throw new Error('the test store is opened in beforeAll')
    return store
  }
}
