// The PostgreSQL change bus between two "processes" (two buses on one database): each change reaches every
// listener exactly once, marked local or remote; a long BLOCK_INDEXED travels in parts; a dropped LISTEN
// connection comes back and says so. Runs only with TEST_DATABASE_URL (a throwaway database).
import pg from 'pg'
import type { Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts'
import type { Change } from './changeBus.ts'
import { createPgChangeBus, type PgChangeBus, splitForNotify } from './pgChangeBus.ts'

const SAFE = '0x1111111111111111111111111111111111111111'
const safes = (n: number) =>
  Array.from({ length: n }, (_, i) => `0x${(i + 1).toString(16).padStart(40, '0')}` as Address)

describe('splitForNotify', () => {
  it('default: a small change stays whole', () => {
    const change: Change = { type: 'BLOCK_INDEXED', chainId: 1, blockNumber: 5, safes: safes(3) }
    expect(splitForNotify(change)).toEqual([change])
  })
  it('behavior: a BLOCK_INDEXED of 1000 Safes becomes parts under the NOTIFY limit, none lost', () => {
    const parts = splitForNotify({ type: 'BLOCK_INDEXED', chainId: 1, blockNumber: 5, safes: safes(1000) })
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts)
      expect(Buffer.byteLength(JSON.stringify({ o: 'x'.repeat(36), c: part }))).toBeLessThan(8000)
    expect(parts.flatMap((p) => (p.type === 'BLOCK_INDEXED' ? p.safes : []))).toEqual(safes(1000))
  })
})

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgreSQL change bus', () => {
  let database: TestDatabase
  let pools: pg.Pool[] = []
  let a: PgChangeBus
  let b: PgChangeBus
  const logs: string[] = []
  const bus = async () => {
    const pool = new pg.Pool({ connectionString: database.url })
    pools.push(pool)
    return createPgChangeBus({
      connectionString: database.url,
      pool,
      reconnectDelay: 50,
      log: (m) => logs.push(m),
    })
  }
  const collect = (on: PgChangeBus) => {
    const got: { change: Change; local: boolean }[] = []
    on.subscribe((change, { local }) => got.push({ change, local }))
    return got
  }

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    ;[a, b] = await Promise.all([bus(), bus()])
  })
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()])
    await Promise.all(pools.map((p) => p.end()))
    pools = []
    await database?.drop()
  })

  it('default: the publisher hears a change once as local, the other process once as remote', async () => {
    const [gotA, gotB] = [collect(a), collect(b)]
    const change: Change = {
      type: 'PENDING_MULTISIG_TRANSACTION',
      chainId: 1,
      address: SAFE,
      safeTxHash: `0x${'ab'.repeat(32)}`,
    }
    a.publish(change)
    await expect.poll(() => gotB.length).toBe(1)
    await new Promise((r) => setTimeout(r, 200)) // nothing more arrives
    expect(gotA).toEqual([{ change, local: true }])
    expect(gotB).toEqual([{ change, local: false }])
  })

  it('behavior: a BLOCK_INDEXED of 1000 Safes reaches the other process whole', async () => {
    const gotB = collect(b)
    a.publish({ type: 'BLOCK_INDEXED', chainId: 1, blockNumber: 9, safes: safes(1000) })
    await expect
      .poll(() => gotB.flatMap((g) => (g.change.type === 'BLOCK_INDEXED' ? g.change.safes : [])).length)
      .toBe(1000)
  })

  it('behavior: 1,200 changes published at once (a backfill window) reach the other process, all and in order', async () => {
    const gotB = collect(b)
    const burst: Change[] = Array.from({ length: 1200 }, (_, i) => ({
      type: 'BLOCK_INDEXED',
      chainId: 1,
      blockNumber: 100 + i,
      safes: [],
    }))
    for (const change of burst) a.publish(change)
    await expect.poll(() => gotB.length, { timeout: 5000 }).toBe(1200)
    expect(gotB.map((g) => g.change)).toEqual(burst)
  })

  it('behavior: a terminated LISTEN connection comes back, tells its listeners, and hears again', async () => {
    const gotB = collect(b)
    let gaps = 0
    b.onGap(() => gaps++)
    const admin = new pg.Client({ connectionString: database.url })
    await admin.connect()
    await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query ilike 'listen%'`,
    )
    await admin.end()
    await expect.poll(() => gaps, { timeout: 5000 }).toBe(1)
    expect(logs.some((m) => /LISTEN connection lost/.test(m))).toBe(true)
    a.publish({ type: 'BLOCK_INDEXED', chainId: 1, blockNumber: 10, safes: [] })
    await expect.poll(() => gotB.length).toBeGreaterThanOrEqual(1)
  })
})
