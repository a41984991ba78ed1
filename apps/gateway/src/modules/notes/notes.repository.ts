// Notes a Safe's owners write on its transactions (who wrote what, when), kept in the gateway's own store.
import { and, count, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import { transactionNotes } from '../../db/schema.ts'

export type TransactionNote = typeof transactionNotes.$inferSelect

export function createNotesRepository(db: Database) {
  const ofSafe = (chainId: number, safe: string) =>
    and(eq(transactionNotes.chainId, chainId), eq(transactionNotes.safe, safe))
  return {
    /** The Safe's notes, newest first (of one transaction when given), at most `limit`. */
    async list(
      chainId: number,
      safe: string,
      p: { transactionId?: string; limit: number },
    ): Promise<TransactionNote[]> {
      return db
        .select()
        .from(transactionNotes)
        .where(
          and(
            ofSafe(chainId, safe),
            p.transactionId ? eq(transactionNotes.transactionId, p.transactionId) : undefined,
          ),
        )
        .orderBy(desc(transactionNotes.createdAt), desc(transactionNotes.id))
        .limit(p.limit)
    },

    /** Adds a note unless the Safe already holds `max`; undefined (nothing stored) then. */
    async add(row: Omit<TransactionNote, 'id'>, max: number): Promise<TransactionNote | undefined> {
      return db.transaction(async (tx) => {
        const [total] = await tx
          .select({ n: count() })
          .from(transactionNotes)
          .where(ofSafe(row.chainId, row.safe))
        if ((total?.n ?? 0) >= max) return undefined
        const [stored] = await tx.insert(transactionNotes).values(row).returning()
        return stored
      })
    },

    async get(chainId: number, safe: string, id: number): Promise<TransactionNote | undefined> {
      const [row] = await db
        .select()
        .from(transactionNotes)
        .where(and(ofSafe(chainId, safe), eq(transactionNotes.id, id)))
      return row
    },

    async remove(id: number): Promise<void> {
      await db.delete(transactionNotes).where(eq(transactionNotes.id, id))
    },
  }
}

export type NotesRepository = ReturnType<typeof createNotesRepository>
