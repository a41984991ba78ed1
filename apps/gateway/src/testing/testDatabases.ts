// Where store-backed tests run: always an in-memory PGlite, plus a throwaway database on the PostgreSQL
// server named by TEST_DATABASE_URL when it is set (CI sets it).
import pg from 'pg'

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
