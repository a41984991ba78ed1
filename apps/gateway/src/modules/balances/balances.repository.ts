import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import { lastBalances, tokens, transfers } from '../../db/schema.ts'

export function createBalancesRepository(db: Database) {
  return {
    /** ERC20 tokens the Safe has ever received or sent, with their metadata (if read yet). */
    async erc20Tokens(chainId: number, safe: string) {
      return db
        .selectDistinct({
          address: transfers.token,
          name: tokens.name,
          symbol: tokens.symbol,
          decimals: tokens.decimals,
          logoUri: tokens.logoUri,
          invalid: tokens.invalid,
        })
        .from(transfers)
        .leftJoin(tokens, and(eq(tokens.chainId, transfers.chainId), eq(tokens.address, transfers.token)))
        .where(and(eq(transfers.chainId, chainId), eq(transfers.safe, safe), eq(transfers.type, 'ERC20')))
    },

    /** The last balance read of each token of the Safe (lower-case address; the zero address: native). */
    async last(chainId: number, safe: string): Promise<Map<string, bigint>> {
      const rows = await db
        .select({ token: lastBalances.token, balance: lastBalances.balance })
        .from(lastBalances)
        .where(and(eq(lastBalances.chainId, chainId), eq(lastBalances.safe, safe)))
      return new Map(rows.map((r) => [r.token, BigInt(r.balance)]))
    },

    /** Keeps these balances as the last read (token: lower-case address). */
    async remember(chainId: number, safe: string, read: Map<string, bigint>, now = Date.now()) {
      if (!read.size) return
      await db
        .insert(lastBalances)
        .values(
          [...read].map(([token, balance]) => ({
            chainId,
            safe,
            token,
            balance: String(balance),
            readAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [lastBalances.chainId, lastBalances.safe, lastBalances.token],
          set: { balance: sql`excluded.balance`, readAt: sql`excluded.read_at` },
        })
    },
  }
}

export type BalancesRepository = ReturnType<typeof createBalancesRepository>
