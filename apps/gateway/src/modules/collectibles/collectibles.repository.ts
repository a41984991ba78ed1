import { and, desc, eq } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import { nftMetadata, tokens, transfers } from '../../db/schema.ts'

export function createCollectiblesRepository(db: Database) {
  return {
    /** ERC721 tokens the Safe holds: those whose latest indexed transfer involving the Safe brought them in. */
    async owned(chainId: number, safe: string) {
      const latest = await db
        .selectDistinctOn([transfers.token, transfers.tokenId], {
          token: transfers.token,
          tokenId: transfers.tokenId,
          to: transfers.to,
        })
        .from(transfers)
        .where(and(eq(transfers.chainId, chainId), eq(transfers.safe, safe), eq(transfers.type, 'ERC721')))
        .orderBy(transfers.token, transfers.tokenId, desc(transfers.blockNumber), desc(transfers.logIndex))
      const held = latest.filter((t) => t.to === safe)
      if (!held.length) return []
      const [meta, info] = await Promise.all([
        db.select().from(nftMetadata).where(eq(nftMetadata.chainId, chainId)),
        db
          .select()
          .from(tokens)
          .where(and(eq(tokens.chainId, chainId), eq(tokens.type, 'ERC721'))),
      ])
      const metaBy = new Map(meta.map((m) => [`${m.token}:${m.tokenId}`, m]))
      const tokenBy = new Map(info.map((t) => [t.address, t]))
      return held
        .map((h) => ({
          ...h,
          meta: metaBy.get(`${h.token}:${h.tokenId}`),
          token: tokenBy.get(h.token as string),
        }))
        .sort((a, b) =>
          a.token?.address === b.token?.address
            ? Number(BigInt(a.tokenId ?? 0) - BigInt(b.tokenId ?? 0))
            : String(a.token?.address).localeCompare(String(b.token?.address)),
        )
    },
  }
}

export type CollectiblesRepository = ReturnType<typeof createCollectiblesRepository>
