// Delegates (proposers) of Safes: who may propose on an owner's behalf. Read by the proposal checks.
import { and, eq, gt, inArray, isNull, or } from 'drizzle-orm'
import type { Address } from 'viem'
import type { Database } from '../../db/createDatabase.ts'
import { delegates } from '../../db/schema.ts'

export function createDelegatesRepository(db: Database) {
  return {
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
