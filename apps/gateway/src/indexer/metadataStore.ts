// The token and NFT metadata the indexer reads after the fact: what is still missing, and storing it. Stored
// metadata changes what history pages show (trusted, hidden transfers), so each write bumps the data version.

import { and, eq, isNull, lte, sql } from 'drizzle-orm'
import type { Database } from '../db/createDatabase.ts'
import { indexerCursors, nftMetadata, tokens, transfers } from '../db/schema.ts'

/** Most NFTs of one Safe whose metadata is read (its newest); the rest show without it. */
export const NFT_METADATA_PER_SAFE = 500

export function createMetadataStore(db: Database, chainId: number) {
  /** Cached pages must see new metadata. */
  const bumpDataVersion = () =>
    db
      .update(indexerCursors)
      .set({ dataVersion: sql`${indexerCursors.dataVersion} + 1` })
      .where(eq(indexerCursors.chainId, chainId))

  return {
    /** Tokens seen in transfers whose metadata has not been read yet. */
    async tokensWithoutMetadata() {
      return db
        .selectDistinct({ address: transfers.token, type: transfers.type })
        .from(transfers)
        .leftJoin(tokens, and(eq(tokens.chainId, transfers.chainId), eq(tokens.address, transfers.token)))
        .where(
          and(eq(transfers.chainId, chainId), sql`${transfers.token} is not null`, isNull(tokens.address)),
        )
    },

    async saveTokens(rows: (typeof tokens.$inferInsert)[]) {
      if (!rows.length) return
      await db.insert(tokens).values(rows).onConflictDoNothing()
      await bumpDataVersion()
    },

    /**
     * ERC721 tokens held or once held by Safes whose metadata has not been read yet: each Safe's newest
     * `perSafe` at most (an airdrop of thousands of spam NFTs to one Safe cannot keep the others' waiting, nor
     * cost more than that many reads), every Safe's newest first.
     */
    async nftsWithoutMetadata(limit: number, perSafe = NFT_METADATA_PER_SAFE) {
      const ranked = db
        .select({
          token: transfers.token,
          tokenId: transfers.tokenId,
          rank: sql<number>`row_number() over (partition by ${transfers.safe} order by ${transfers.blockNumber} desc, ${transfers.logIndex} desc)`.as(
            'rank',
          ),
        })
        .from(transfers)
        .leftJoin(
          nftMetadata,
          and(
            eq(nftMetadata.chainId, transfers.chainId),
            eq(nftMetadata.token, transfers.token),
            eq(nftMetadata.tokenId, transfers.tokenId),
          ),
        )
        .where(and(eq(transfers.chainId, chainId), eq(transfers.type, 'ERC721'), isNull(nftMetadata.token)))
        .as('ranked')
      const rows = await db
        .select({ token: ranked.token, tokenId: ranked.tokenId, rank: sql<number>`min(${ranked.rank})` })
        .from(ranked)
        .where(lte(ranked.rank, perSafe))
        .groupBy(ranked.token, ranked.tokenId)
        .orderBy(sql`min(${ranked.rank})`, ranked.token, ranked.tokenId)
        .limit(limit)
      return rows.map(({ token, tokenId }) => ({ token, tokenId }))
    },

    async saveNftMetadata(rows: (typeof nftMetadata.$inferInsert)[]) {
      if (!rows.length) return
      await db.insert(nftMetadata).values(rows).onConflictDoNothing()
      await bumpDataVersion()
    },
  }
}
