import { and, asc, eq, max } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import { multisigTransactions, safeOwners, safes } from '../../db/schema.ts'

export function createSafesRepository(db: Database) {
  return {
    async get(chainId: number, address: string) {
      const [row] = await db
        .select()
        .from(safes)
        .where(and(eq(safes.chainId, chainId), eq(safes.address, address)))
      return row
    },

    async ownedBy(chainId: number, owner: string): Promise<string[]> {
      const rows = await db
        .select({ safe: safeOwners.safe })
        .from(safeOwners)
        .where(and(eq(safeOwners.chainId, chainId), eq(safeOwners.owner, owner)))
        .orderBy(asc(safeOwners.safe))
      return rows.map((r) => r.safe)
    },

    /** Highest executed nonce and newest execution time (seconds) of a Safe's multisig transactions. */
    async multisigSummary(chainId: number, safe: string) {
      const [row] = await db
        .select({
          maxNonce: max(multisigTransactions.nonce),
          lastTimestamp: max(multisigTransactions.timestamp),
        })
        .from(multisigTransactions)
        .where(and(eq(multisigTransactions.chainId, chainId), eq(multisigTransactions.safe, safe)))
      return { maxNonce: row?.maxNonce ?? null, lastTimestamp: row?.lastTimestamp ?? null }
    },
  }
}

export type SafesRepository = ReturnType<typeof createSafesRepository>
