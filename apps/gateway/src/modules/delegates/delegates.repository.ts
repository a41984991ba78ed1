// Delegates (proposers) of Safes: who may propose on an owner's behalf. Read by the proposal checks.
import { and, asc, count, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import type { Address } from 'viem'
import type { Database } from '../../db/createDatabase.ts'
import { delegates } from '../../db/schema.ts'
import { HttpError } from '../../http/errors.ts'

export type Delegate = typeof delegates.$inferSelect

/** Delegates one delegator may have on a chain (a team needs a few; a flood of them grew every lookup). */
export const MAX_DELEGATES_PER_DELEGATOR = 50
export type DelegateFilters = { safe?: string; delegate?: string; delegator?: string; label?: string }

export function createDelegatesRepository(db: Database) {
  const scope = (safe: string | null | undefined) =>
    safe ? eq(delegates.safe, safe) : isNull(delegates.safe)
  return {
    /** Unexpired delegates matching every given filter, oldest first. */
    async page(chainId: number, f: DelegateFilters, limit: number, offset: number, now: number) {
      const where = and(
        eq(delegates.chainId, chainId),
        f.safe ? eq(delegates.safe, f.safe) : undefined,
        f.delegate ? eq(delegates.delegate, f.delegate) : undefined,
        f.delegator ? eq(delegates.delegator, f.delegator) : undefined,
        f.label ? eq(delegates.label, f.label) : undefined,
        or(isNull(delegates.expiresAt), gt(delegates.expiresAt, now)),
      )
      const [rows, [total]] = await Promise.all([
        db.select().from(delegates).where(where).orderBy(asc(delegates.id)).limit(limit).offset(offset),
        db.select({ n: count() }).from(delegates).where(where),
      ])
      return { rows, count: total?.n ?? 0 }
    },

    /** Adds the delegate, or updates label and expiry of the same (safe, delegate, delegator). */
    async upsert(row: Omit<Delegate, 'id'>): Promise<void> {
      await db.transaction(async (tx) => {
        const match = and(
          eq(delegates.chainId, row.chainId),
          scope(row.safe),
          eq(delegates.delegate, row.delegate),
          eq(delegates.delegator, row.delegator),
        )
        const [existing] = await tx.select({ id: delegates.id }).from(delegates).where(match)
        if (!existing) {
          const [held] = await tx
            .select({ n: count() })
            .from(delegates)
            .where(and(eq(delegates.chainId, row.chainId), eq(delegates.delegator, row.delegator)))
          if ((held?.n ?? 0) >= MAX_DELEGATES_PER_DELEGATOR)
            throw new HttpError(
              422,
              `Delegator ${row.delegator} has ${MAX_DELEGATES_PER_DELEGATOR} delegates on this chain, the most allowed: remove one first`,
            )
        }
        if (existing)
          await tx
            .update(delegates)
            .set({ label: row.label, expiresAt: row.expiresAt })
            .where(eq(delegates.id, existing.id))
        else await tx.insert(delegates).values(row)
      })
    },

    /** Removes matching rows; returns how many went. */
    async remove(chainId: number, p: { delegate: string; delegator: string; safe?: string | null }) {
      const gone = await db
        .delete(delegates)
        .where(
          and(
            eq(delegates.chainId, chainId),
            eq(delegates.delegate, p.delegate),
            eq(delegates.delegator, p.delegator),
            p.safe === undefined ? undefined : scope(p.safe),
          ),
        )
        .returning({ id: delegates.id })
      return gone.length
    },

    /** The owner (among `owners`) whose unexpired delegate `delegate` is for `safe`, if any. */
    async delegatorOf(p: {
      chainId: number
      safe: string
      delegate: string
      owners: readonly Address[]
      now: number
    }): Promise<string | undefined> {
      if (!p.owners.length) return undefined
      const [row] = await db
        .select({ delegator: delegates.delegator })
        .from(delegates)
        .where(
          and(
            eq(delegates.chainId, p.chainId),
            eq(delegates.delegate, p.delegate),
            or(eq(delegates.safe, p.safe), isNull(delegates.safe)),
            inArray(delegates.delegator, [...p.owners]),
            or(isNull(delegates.expiresAt), gt(delegates.expiresAt, p.now)),
          ),
        )
        .limit(1)
      return row?.delegator
    },
  }
}

export type DelegatesRepository = ReturnType<typeof createDelegatesRepository>
