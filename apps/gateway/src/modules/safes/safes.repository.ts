import { and, asc, eq, max, sql } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import { historyItems, multisigTransactions, safeOwners, safes, transfers } from '../../db/schema.ts'

export function createSafesRepository(db: Database) {
  // Built once: most routes begin with this lookup (drizzle rebuilds a query's SQL on every call).
  const getQuery = db
    .select()
    .from(safes)
    .where(and(eq(safes.chainId, sql.placeholder('chainId')), eq(safes.address, sql.placeholder('address'))))
    .prepare('safe_by_address')
  return {
    async get(chainId: number, address: string) {
      const [row] = await getQuery.execute({ chainId, address })
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

    /** Highest nonce among the Safe's executed multisig transactions. */
    async maxExecutedNonce(chainId: number, safe: string): Promise<number | null> {
      const [row] = await db
        .select({ maxNonce: max(multisigTransactions.nonce) })
        .from(multisigTransactions)
        .where(and(eq(multisigTransactions.chainId, chainId), eq(multisigTransactions.safe, safe)))
      return row?.maxNonce ?? null
    },

    /**
     * When the Safe last sent anything to `recipient` (seconds): a token transfer out of it, or an executed
     * transaction to it with value; null when it never has. A review warns about a first payment.
     */
    async lastPaidAt(chainId: number, safe: string, recipient: string): Promise<number | null> {
      const [[token], [native]] = await Promise.all([
        db
          .select({ t: max(transfers.timestamp) })
          .from(transfers)
          .where(
            and(
              eq(transfers.chainId, chainId),
              eq(transfers.safe, safe),
              eq(transfers.from, safe),
              eq(transfers.to, recipient),
            ),
          ),
        db
          .select({ t: max(multisigTransactions.timestamp) })
          .from(multisigTransactions)
          .where(
            and(
              eq(multisigTransactions.chainId, chainId),
              eq(multisigTransactions.safe, safe),
              eq(multisigTransactions.to, recipient),
              eq(multisigTransactions.success, true),
              sql`${multisigTransactions.value} > 0`,
            ),
          ),
      ])
      const times = [token?.t, native?.t].filter((t): t is number => typeof t === 'number')
      return times.length ? Math.max(...times) : null
    },

    /** Seconds of the newest history item and of the newest NFT movement: SafeInfo's tags. */
    async tags(chainId: number, safe: string) {
      const [[history], [nfts]] = await Promise.all([
        db
          .select({ t: max(historyItems.timestamp) })
          .from(historyItems)
          .where(and(eq(historyItems.chainId, chainId), eq(historyItems.safe, safe))),
        db
          .select({ t: max(transfers.timestamp) })
          .from(transfers)
          .where(and(eq(transfers.chainId, chainId), eq(transfers.safe, safe), eq(transfers.type, 'ERC721'))),
      ])
      return { txHistory: history?.t ?? null, collectibles: nfts?.t ?? null }
    },
  }
}

export type SafesRepository = ReturnType<typeof createSafesRepository>
