import { asc, count, eq, notInArray } from 'drizzle-orm'
import type { ChainConfig } from '../../config/chainConfig.ts'
import type { Database } from '../../db/createDatabase.ts'
import { chains } from '../../db/schema.ts'
import type { PageParams } from '../../http/pagination.ts'

export function createChainsRepository(db: Database) {
  return {
    /** Makes the stored chains equal the configured ones (insert, update, drop the rest) in one transaction. */
    async sync(configs: ChainConfig[]): Promise<void> {
      await db.transaction(async (tx) => {
        const ids = configs.map((c) => c.chainId)
        if (ids.length) await tx.delete(chains).where(notInArray(chains.chainId, ids))
        else await tx.delete(chains)
        for (const [position, config] of configs.entries()) {
          await tx
            .insert(chains)
            .values({ chainId: config.chainId, position, config })
            .onConflictDoUpdate({ target: chains.chainId, set: { position, config, updatedAt: new Date() } })
        }
      })
    },

    async get(chainId: number): Promise<ChainConfig | undefined> {
      const [row] = await db.select({ config: chains.config }).from(chains).where(eq(chains.chainId, chainId))
      return row?.config
    },

    async page({ limit, offset }: PageParams): Promise<{ count: number; items: ChainConfig[] }> {
      const [rows, [total]] = await Promise.all([
        db
          .select({ config: chains.config })
          .from(chains)
          .orderBy(asc(chains.position))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(chains),
      ])
      return { count: total?.n ?? 0, items: rows.map((r) => r.config) }
    },
  }
}

export type ChainsRepository = ReturnType<typeof createChainsRepository>
