// The shared address book: names a Safe's owners give addresses, per chain and Safe.
import { and, asc, count, eq, inArray } from 'drizzle-orm'
import type { Address } from 'viem'
import type { Database } from '../../db/createDatabase.ts'
import { addressBookEntries } from '../../db/schema.ts'

export type AddressBookEntry = typeof addressBookEntries.$inferSelect

export function createAddressBookRepository(db: Database) {
  const ofSafe = (chainId: number, safe: string) =>
    and(eq(addressBookEntries.chainId, chainId), eq(addressBookEntries.safe, safe))
  return {
    async list(chainId: number, safe: string): Promise<AddressBookEntry[]> {
      return db
        .select()
        .from(addressBookEntries)
        .where(ofSafe(chainId, safe))
        .orderBy(asc(addressBookEntries.name), asc(addressBookEntries.address))
    },

    async count(chainId: number, safe: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(addressBookEntries).where(ofSafe(chainId, safe))
      return row?.n ?? 0
    },

    /**
     * Adds or renames entries in one transaction, unless the book would then hold more than `max` entries:
     * then nothing is stored and the would-be size is returned as `over`.
     */
    async upsertAll(p: {
      chainId: number
      safe: string
      entries: readonly { address: Address; name: string }[]
      by: Address
      max: number
      now?: number
    }): Promise<{ stored: number } | { over: number }> {
      const now = p.now ?? Date.now()
      if (!p.entries.length) return { stored: 0 }
      return db.transaction(async (tx) => {
        const where = ofSafe(p.chainId, p.safe)
        const [total] = await tx.select({ n: count() }).from(addressBookEntries).where(where)
        const existing = await tx
          .select({ address: addressBookEntries.address })
          .from(addressBookEntries)
          .where(
            and(
              where,
              inArray(
                addressBookEntries.address,
                p.entries.map((e) => e.address),
              ),
            ),
          )
        const size = (total?.n ?? 0) + p.entries.length - existing.length
        if (size > p.max) return { over: size }
        for (const e of p.entries)
          await tx
            .insert(addressBookEntries)
            .values({ chainId: p.chainId, safe: p.safe, ...e, updatedBy: p.by, updatedAt: now })
            .onConflictDoUpdate({
              target: [addressBookEntries.chainId, addressBookEntries.safe, addressBookEntries.address],
              set: { name: e.name, updatedBy: p.by, updatedAt: now },
            })
        return { stored: p.entries.length }
      })
    },

    /** Removes one entry; whether it was there. */
    async remove(chainId: number, safe: string, address: string): Promise<boolean> {
      const gone = await db
        .delete(addressBookEntries)
        .where(and(ofSafe(chainId, safe), eq(addressBookEntries.address, address)))
        .returning({ address: addressBookEntries.address })
      return gone.length > 0
    },
  }
}

export type AddressBookRepository = ReturnType<typeof createAddressBookRepository>
