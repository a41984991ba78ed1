import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import { tokens, transfers } from '../../db/schema.ts'

/** A token whose balance a simulation reads; metadata is null until the indexer has read it. */
export type SimulatedToken = { address: string; symbol: string | null; decimals: number | null }

export function createSimulationRepository(db: Database) {
  return {
    /**
     * The ERC20 tokens the Safe has ever received or sent, then `extra` addresses (checksummed) it has not,
     * each with its metadata. Tokens known to be ERC721 are left out: their balanceOf counts NFTs.
     */
    async tokens(chainId: number, safe: string, extra: readonly string[]): Promise<SimulatedToken[]> {
      const held = await db
        .selectDistinct({ address: transfers.token })
        .from(transfers)
        .where(and(eq(transfers.chainId, chainId), eq(transfers.safe, safe), eq(transfers.type, 'ERC20')))
      const addresses = [
        ...new Set([...held.flatMap((r) => (r.address ? [r.address] : [])).sort(), ...extra]),
      ]
      if (!addresses.length) return []
      const rows = await db
        .select({
          address: tokens.address,
          type: tokens.type,
          symbol: tokens.symbol,
          decimals: tokens.decimals,
        })
        .from(tokens)
        .where(and(eq(tokens.chainId, chainId), inArray(tokens.address, addresses)))
      const meta = new Map(rows.map((r) => [r.address, r]))
      return addresses.flatMap((address) => {
        const row = meta.get(address)
        if (row?.type === 'ERC721') return []
        return [{ address, symbol: row?.symbol ?? null, decimals: row?.decimals ?? null }]
      })
    },
  }
}

export type SimulationRepository = ReturnType<typeof createSimulationRepository>
