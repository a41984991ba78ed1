// Off-chain messages of Safes and their owner signatures (written by the API only). A message is identified by
// its Safe message hash (lowercase hex); owners are stored checksummed, one signature each.
import { and, asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import { messageConfirmations, messages } from '../../db/schema.ts'

export type MessageRow = typeof messages.$inferSelect
export type MessageConfirmationRow = typeof messageConfirmations.$inferSelect

export function createMessagesRepository(db: Database) {
  return {
    /**
     * Stores a new message with its proposer's signature, in one transaction. False (nothing stored) when a
     * message with this hash exists already.
     */
    async create(message: MessageRow, confirmation: MessageConfirmationRow): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(messages)
          .values(message)
          .onConflictDoNothing()
          .returning({ hash: messages.messageHash })
        if (!inserted.length) return false
        await tx.insert(messageConfirmations).values(confirmation)
        return true
      })
    },

    /**
     * Adds one owner's signature and moves the message's modified time. False (nothing stored) when this owner
     * signed already: the primary key decides, so two concurrent requests cannot both add it.
     */
    async addConfirmation(row: MessageConfirmationRow): Promise<boolean> {
      return db.transaction(async (tx) => {
        const inserted = await tx
          .insert(messageConfirmations)
          .values(row)
          .onConflictDoNothing()
          .returning({ owner: messageConfirmations.owner })
        if (!inserted.length) return false
        await tx
          .update(messages)
          .set({ modifiedAt: sql`greatest(${messages.modifiedAt}, ${row.submittedAt})` })
          .where(and(eq(messages.chainId, row.chainId), eq(messages.messageHash, row.messageHash)))
        return true
      })
    },

    async get(chainId: number, messageHash: string): Promise<MessageRow | undefined> {
      const [row] = await db
        .select()
        .from(messages)
        .where(and(eq(messages.chainId, chainId), eq(messages.messageHash, messageHash.toLowerCase())))
      return row
    },

    /** One page of a Safe's messages, newest first. */
    async page(chainId: number, safe: string, limit: number, offset: number) {
      const where = and(eq(messages.chainId, chainId), eq(messages.safe, safe))
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(messages)
          .where(where)
          .orderBy(desc(messages.createdAt), asc(messages.messageHash))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(messages).where(where),
      ])
      return { rows, count: Number(total?.n ?? 0) }
    },

    /** Signatures per message hash, oldest first. */
    async confirmationsOf(chainId: number, hashes: string[]): Promise<Map<string, MessageConfirmationRow[]>> {
      const out = new Map<string, MessageConfirmationRow[]>()
      if (!hashes.length) return out
      const rows = await db
        .select()
        .from(messageConfirmations)
        .where(
          and(eq(messageConfirmations.chainId, chainId), inArray(messageConfirmations.messageHash, hashes)),
        )
        .orderBy(asc(messageConfirmations.submittedAt), asc(messageConfirmations.owner))
      for (const r of rows) out.set(r.messageHash, [...(out.get(r.messageHash) ?? []), r])
      return out
    },

    /** Milliseconds of the newest change (creation or signature) among the Safe's messages: SafeInfo's messagesTag. */
    async tag(chainId: number, safe: string): Promise<number | null> {
      const [row] = await db
        .select({ t: max(messages.modifiedAt) })
        .from(messages)
        .where(and(eq(messages.chainId, chainId), eq(messages.safe, safe)))
      return row?.t === null || row?.t === undefined ? null : Number(row.t)
    },
  }
}

export type MessagesRepository = ReturnType<typeof createMessagesRepository>
