// NFTs a Safe holds, paged in the database: only the Safe's own transfers are read, joined with the metadata
// of exactly the token ids it holds.
import { and, count, desc, eq, isNull, not, or, sql } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import { nftMetadata, tokens, transfers } from '../../db/schema.ts'

export type CollectiblesQuery = {
  chainId: number
  safe: string
  /** Leave out tokens marked invalid and the chain's spam list (lower-case addresses). */
  excludeSpam: boolean
  spamTokens: readonly string[]
}

export function createCollectiblesRepository(db: Database) {
  /** ERC721 token ids whose latest indexed transfer involving the Safe brought them in. */
  const held = (q: CollectiblesQuery) => {
    const latest = db.$with('latest').as(
      db
        .selectDistinctOn([transfers.token, transfers.tokenId], {
          token: transfers.token,
          tokenId: transfers.tokenId,
          to: transfers.to,
        })
        .from(transfers)
        .where(
          and(eq(transfers.chainId, q.chainId), eq(transfers.safe, q.safe), eq(transfers.type, 'ERC721')),
        )
        .orderBy(transfers.token, transfers.tokenId, desc(transfers.blockNumber), desc(transfers.logIndex)),
    )
    const spam = q.spamTokens.map((a) => a.toLowerCase())
    const where = and(
      eq(latest.to, q.safe),
      q.excludeSpam ? or(isNull(tokens.invalid), eq(tokens.invalid, false)) : undefined,
      q.excludeSpam && spam.length
        ? not(
            sql`lower(${latest.token}) in (${sql.join(
              spam.map((a) => sql`${a}`),
              sql`, `,
            )})`,
          )
        : undefined,
    )
    const joinTokens = and(eq(tokens.chainId, q.chainId), eq(tokens.address, latest.token))
    return { latest, where, joinTokens }
  }

  return {
    /** One page of the Safe's NFTs, by token address then token id. */
    async page(q: CollectiblesQuery, page: { limit: number; offset: number }) {
      const { latest, where, joinTokens } = held(q)
      return db
        .with(latest)
        .select({
          token: latest.token,
          tokenId: latest.tokenId,
          tokenName: tokens.name,
          tokenSymbol: tokens.symbol,
          logoUri: tokens.logoUri,
          uri: nftMetadata.uri,
          name: nftMetadata.name,
          description: nftMetadata.description,
          imageUri: nftMetadata.imageUri,
          metadata: nftMetadata.metadata,
        })
        .from(latest)
        .leftJoin(tokens, joinTokens)
        .leftJoin(
          nftMetadata,
          and(
            eq(nftMetadata.chainId, q.chainId),
            eq(nftMetadata.token, latest.token),
            eq(nftMetadata.tokenId, latest.tokenId),
          ),
        )
        .where(where)
        .orderBy(sql`lower(${latest.token})`, latest.tokenId)
        .limit(page.limit)
        .offset(page.offset)
    },

    /** How many NFTs the Safe holds (with the same filter as page). */
    async count(q: CollectiblesQuery): Promise<number> {
      const { latest, where, joinTokens } = held(q)
      const [row] = await db
        .with(latest)
        .select({ n: count() })
        .from(latest)
        .leftJoin(tokens, joinTokens)
        .where(where)
      return row?.n ?? 0
    },
  }
}

export type CollectiblesRepository = ReturnType<typeof createCollectiblesRepository>
export type CollectibleRow = Awaited<ReturnType<CollectiblesRepository['page']>>[number]
