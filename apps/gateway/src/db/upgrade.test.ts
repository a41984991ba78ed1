// An upgrade keeps what users saved: a database at the previous schema (every migration but the newest), holding
// an address book entry, a note and a proposal, is opened by this version's createDatabase, which runs the rest
// of the migrations at start; everything is still there.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase } from './createDatabase.ts'
import { PGLITE_CONF } from './pgliteSnapshot.ts'
import { addressBookEntries, proposals, transactionNotes } from './schema.ts'

const migrationsFolder = join(import.meta.dirname, '..', '..', 'migrations')
const dir = mkdtempSync(join(tmpdir(), 'concord-upgrade-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The migrations folder as the previous version shipped it: its journal without the newest entry. */
function previousMigrations(): { folder: string; latest: string } {
  const folder = join(dir, 'migrations')
  cpSync(migrationsFolder, folder, { recursive: true })
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] }
  const latest = journal.entries.pop()?.tag as string
  writeFileSync(journalPath, JSON.stringify(journal))
  return { folder, latest }
}

const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HASH = `0x${'ab'.repeat(32)}`

describe('upgrade', () => {
  it('a database at the previous schema is migrated at start and keeps its team data and proposals', async () => {
    const previous = previousMigrations()
    const dataDir = join(dir, 'data')
    mkdirSync(join(dataDir, 'pglite'), { recursive: true })
    const old = await PGlite.create(join(dataDir, 'pglite'), { postgresqlconf: PGLITE_CONF })
    const oldDb = drizzle(old)
    await migrate(oldDb, { migrationsFolder: previous.folder })
    await oldDb.insert(addressBookEntries).values({
      chainId: 1,
      safe: SAFE,
      address: OWNER,
      name: 'Alice',
      updatedBy: OWNER,
      updatedAt: 1,
    })
    await oldDb
      .insert(transactionNotes)
      .values({ chainId: 1, safe: SAFE, transactionId: HASH, author: OWNER, note: 'payroll', createdAt: 2 })
    await oldDb.insert(proposals).values({
      chainId: 1,
      safe: SAFE,
      safeTxHash: HASH,
      nonce: 3,
      to: OWNER,
      value: '1',
      data: '0x',
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: '0x0000000000000000000000000000000000000000',
      refundReceiver: '0x0000000000000000000000000000000000000000',
      proposer: OWNER,
      trusted: true,
      submittedAt: 4,
    })
    const applied = async (db: typeof oldDb) =>
      (
        (await db.execute('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0] as {
          n: number
        }
      ).n
    const before = await applied(oldDb)
    await old.close()

    const store = await createDatabase({ dataDir })
    try {
      const [row] = await store.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`drizzle.__drizzle_migrations`)
      expect(row?.n, `${previous.latest} applied at start`).toBe(before + 1)
      expect(await store.db.select().from(addressBookEntries)).toMatchObject([
        { name: 'Alice', address: OWNER },
      ])
      expect(await store.db.select().from(transactionNotes)).toMatchObject([{ note: 'payroll' }])
      expect(await store.db.select().from(proposals)).toMatchObject([{ safeTxHash: HASH, nonce: 3 }])
    } finally {
      await store.close()
    }
  })
})
