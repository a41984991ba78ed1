import { asc, count, eq, notInArray } from 'drizzle-orm'
import type { ChainConfig } from '../../config/chainConfig.ts'
import type { Database } from '../../db/createDatabase.ts'
import { chains } from '../../db/schema.ts'
import type { PageParams } from '../../http/pagination.ts'

/** How long a chain's configuration is reused before it is read again (it changes only on a restart). */
const CHAIN_CACHE_MS = 5_000

export function createChainsRepository(db: Database) {
  // Only served chains are cached (their number is bounded by the configuration); an unknown id is read
  // again each time, so clients asking for arbitrary ids cannot grow the cache.
  const cache = new Map<number, { at: number; config: ChainConfig }>()
  return {
    /** Chains currently cached (for tests: unknown ids must never be). */
    cachedIds: (): number[] => [...cache.keys()],

    /** Makes the stored chains equal the configured ones (insert, update, drop the rest) in one transaction. */
    async sync(configs: ChainConfig[]): Promise<void> {
      cache.clear()
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
      const hit = cache.get(chainId)
      if (hit && performance.now() - hit.at < CHAIN_CACHE_MS) return hit.config
      if (!Number.isSafeInteger(chainId) || chainId <= 0) return undefined
      const [row] = await db.select({ config: chains.config }).from(chains).where(eq(chains.chainId, chainId))
      if (row) cache.set(chainId, { at: performance.now(), config: row.config })
      else cache.delete(chainId)
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
