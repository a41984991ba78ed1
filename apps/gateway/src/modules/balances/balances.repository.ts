import { and, eq } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import { tokens, transfers } from '../../db/schema.ts'

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
  }
}

export type BalancesRepository = ReturnType<typeof createBalancesRepository>
