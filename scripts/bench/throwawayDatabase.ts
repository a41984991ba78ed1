// A throwaway PostgreSQL database for a benchmark, created from an admin URL and dropped after.
import pg from 'pg'

export const BENCH_ADMIN_URL =
  process.env.BENCH_ADMIN_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/postgres'

export type ThrowawayDatabase = { url: string; drop(): Promise<void> }

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: BENCH_ADMIN_URL })
  await client.connect()
  try {
    return await run(client)
  } finally {
    await client.end()
  }
}

export async function createThrowawayDatabase(): Promise<ThrowawayDatabase> {
  const name = `concord_bench_${process.pid}_${Math.random().toString(36).slice(2, 8)}`
  try {
    await admin((c) => c.query(`create database ${name}`))
  } catch (error) {
    throw new Error(
      `this benchmark needs PostgreSQL: set BENCH_ADMIN_DATABASE_URL to an admin URL (now ${BENCH_ADMIN_URL}): ${(error as Error).message}`,
    )
  }
  const url = new URL(BENCH_ADMIN_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => {}),
  }
}
