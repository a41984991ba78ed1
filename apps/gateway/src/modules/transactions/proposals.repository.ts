// Proposals and their confirmations (written by the API). A proposal counts as executed once the indexer has a
// multisig row with its safeTxHash; the queue is what is neither executed nor below the Safe's nonce.
import { and, asc, desc, eq, gte, inArray, notExists, type SQL, sql } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import { confirmations, multisigTransactions, proposals } from '../../db/schema.ts'

export type Proposal = typeof proposals.$inferSelect
export type Confirmation = typeof confirmations.$inferSelect
export type QueueFilters = { nonce?: number; to?: string; value?: string }

const notExecuted = notExists(
  sql`(select 1 from ${multisigTransactions} where ${multisigTransactions.chainId} = ${proposals.chainId}
    and ${multisigTransactions.safeTxHash} = ${proposals.safeTxHash})`,
)

export function createProposalsRepository(db: Database) {
  const queueWhere = (
    chainId: number,
    safe: string,
    fromNonce: number,
    trusted: boolean,
    filters: QueueFilters = {},
  ): SQL =>
    and(
      eq(proposals.chainId, chainId),
      eq(proposals.safe, safe),
      gte(proposals.nonce, fromNonce),
      trusted ? eq(proposals.trusted, true) : undefined,
      filters.nonce !== undefined ? eq(proposals.nonce, filters.nonce) : undefined,
      filters.to ? eq(proposals.to, filters.to) : undefined,
      filters.value !== undefined ? eq(proposals.value, filters.value) : undefined,
      notExecuted,
    ) as SQL

  return {
    /** Stores a new proposal with its confirmations, or adds the confirmations to the same one proposed before. */
    async save(proposal: Proposal, confs: Confirmation[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.insert(proposals).values(proposal).onConflictDoNothing()
        if (confs.length) await tx.insert(confirmations).values(confs).onConflictDoNothing()
        if (confs.length)
          await tx
            .update(proposals)
            .set({ trusted: true })
            .where(
              and(eq(proposals.chainId, proposal.chainId), eq(proposals.safeTxHash, proposal.safeTxHash)),
            )
      })
    },

    async get(chainId: number, safeTxHash: string): Promise<Proposal | undefined> {
      const [row] = await db
        .select()
        .from(proposals)
        .where(and(eq(proposals.chainId, chainId), eq(proposals.safeTxHash, safeTxHash.toLowerCase())))
      return row
    },

    async byHashes(chainId: number, hashes: string[]): Promise<Proposal[]> {
      if (!hashes.length) return []
      return db
        .select()
        .from(proposals)
        .where(and(eq(proposals.chainId, chainId), inArray(proposals.safeTxHash, hashes)))
    },

    /** Confirmations per safeTxHash, oldest first. */
    async confirmationsOf(chainId: number, hashes: string[]): Promise<Map<string, Confirmation[]>> {
      const out = new Map<string, Confirmation[]>()
      if (!hashes.length) return out
      const rows = await db
        .select()
        .from(confirmations)
        .where(and(eq(confirmations.chainId, chainId), inArray(confirmations.safeTxHash, hashes)))
        .orderBy(asc(confirmations.submittedAt), asc(confirmations.owner))
      for (const r of rows) out.set(r.safeTxHash, [...(out.get(r.safeTxHash) ?? []), r])
      return out
    },

    async addConfirmations(rows: Confirmation[]): Promise<void> {
      if (!rows.length) return
      await db.transaction(async (tx) => {
        await tx.insert(confirmations).values(rows).onConflictDoNothing()
        await tx
          .update(proposals)
          .set({ trusted: true })
          .where(
            and(
              eq(proposals.chainId, rows[0]?.chainId ?? 0),
              eq(proposals.safeTxHash, rows[0]?.safeTxHash ?? ''),
            ),
          )
      })
    },

    async remove(chainId: number, safeTxHash: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(confirmations)
          .where(and(eq(confirmations.chainId, chainId), eq(confirmations.safeTxHash, safeTxHash)))
        await tx
          .delete(proposals)
          .where(and(eq(proposals.chainId, chainId), eq(proposals.safeTxHash, safeTxHash)))
      })
    },

    async isExecuted(chainId: number, safeTxHash: string): Promise<boolean> {
      const [row] = await db
        .select({ one: sql<number>`1` })
        .from(multisigTransactions)
        .where(
          and(eq(multisigTransactions.chainId, chainId), eq(multisigTransactions.safeTxHash, safeTxHash)),
        )
        .limit(1)
      return !!row
    },

    /** One page of the queue: not executed, nonce ≥ `fromNonce`, by nonce then submission. */
    async queuePage(
      chainId: number,
      safe: string,
      p: {
        fromNonce: number
        trusted: boolean
        limit: number
        offset: number
        filters?: QueueFilters
        /** Newest nonce first (the multisig list) instead of the queue's order. */
        descending?: boolean
      },
    ): Promise<{ rows: Proposal[]; count: number }> {
      const where = queueWhere(chainId, safe, p.fromNonce, p.trusted, p.filters)
      const order = p.descending ? desc : asc
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(proposals)
          .where(where)
          .orderBy(order(proposals.nonce), asc(proposals.submittedAt), asc(proposals.safeTxHash))
          .limit(p.limit)
          .offset(p.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(proposals).where(where),
      ])
      return { rows, count: Number(total?.n ?? 0) }
    },

    /**
     * Owners who confirmed a rejection (an empty call to the Safe itself) at `nonce`, other than `except`:
     * the `rejectors` of the transactions it competes with.
     */
    async rejectors(chainId: number, safe: string, nonce: number, except: string): Promise<string[]> {
      const rows = await db
        .select({ owner: confirmations.owner })
        .from(confirmations)
        .innerJoin(
          proposals,
          and(
            eq(proposals.chainId, confirmations.chainId),
            eq(proposals.safeTxHash, confirmations.safeTxHash),
          ),
        )
        .where(
          and(
            eq(proposals.chainId, chainId),
            eq(proposals.safe, safe),
            eq(proposals.nonce, nonce),
            eq(proposals.to, safe),
            eq(proposals.value, '0'),
            eq(proposals.data, '0x'),
            sql`${proposals.safeTxHash} <> ${except}`,
          ),
        )
        .orderBy(asc(confirmations.submittedAt))
      return rows.map((r) => r.owner)
    },

    /** Milliseconds of the newest proposal or confirmation of the Safe: SafeInfo's txQueuedTag. */
    async queueTag(chainId: number, safe: string): Promise<number | null> {
      const [row] = await db
        .select({ t: sql<string | null>`max(greatest(p.submitted_at, coalesce(c.submitted_at, 0)))` })
        .from(
          sql`proposals p left join confirmations c on c.chain_id = p.chain_id and c.safe_tx_hash = p.safe_tx_hash`,
        )
        .where(sql`p.chain_id = ${chainId} and p.safe = ${safe}`)
      return row?.t === null || row?.t === undefined ? null : Number(row.t)
    },

    /** Nonces of the queue (ascending, with how many proposals each). */
    async queuedNonces(
      chainId: number,
      safe: string,
      fromNonce: number,
    ): Promise<{ nonce: number; n: number }[]> {
      const rows = await db
        .select({ nonce: proposals.nonce, n: sql<number>`count(*)::int` })
        .from(proposals)
        .where(queueWhere(chainId, safe, fromNonce, false))
        .groupBy(proposals.nonce)
        .orderBy(asc(proposals.nonce))
      return rows.map((r) => ({ nonce: Number(r.nonce), n: Number(r.n) }))
    },
  }
}

export type ProposalsRepository = ReturnType<typeof createProposalsRepository>
