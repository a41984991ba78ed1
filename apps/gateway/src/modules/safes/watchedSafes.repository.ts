// The Safes a chain in `watched` indexing mode follows (config `indexing`): the ones its config lists and the
// ones opened through the API. The indexer reads each from its creation with address-filtered queries and
// records how far it got (`backfilledTo`, written with each window it commits; see indexer/createIndexer.ts).
import { and, asc, count, eq } from 'drizzle-orm'
import { type Address, getAddress } from 'viem'
import type { Database } from '../../db/createDatabase.ts'
import { multisigTransactions, watchedSafes } from '../../db/schema.ts'
import { HttpError } from '../../http/errors.ts'

export type WatchState = {
  /** Read up to the indexer's cursor and followed with every new block. */
  live: boolean
  /** How far its history is read (null: not started yet). */
  backfilledTo: number | null
}

/** A 422: the chain already watches as many Safes as its config allows. */
export class WatchLimitError extends HttpError {
  override name = 'WatchLimitError'
  constructor(chainId: number, max: number) {
    super(
      422,
      `Watch limit: chain ${chainId} already indexes its maximum of ${max} watched Safes (config maxWatched)`,
    )
  }
}

export function createWatchedSafesRepository(db: Database) {
  return {
    async state(chainId: number, address: string): Promise<WatchState | undefined> {
      const [row] = await db
        .select({ live: watchedSafes.live, backfilledTo: watchedSafes.backfilledTo })
        .from(watchedSafes)
        .where(and(eq(watchedSafes.chainId, chainId), eq(watchedSafes.address, getAddress(address))))
      return row
    },

    /**
     * Starts watching `address` (a Safe on chain: the caller checked). True when it was not watched yet; throws
     * WatchLimitError past `max` (config-listed Safes are not counted against it: pass Infinity).
     */
    async watch(
      chainId: number,
      address: string,
      source: 'config' | 'request',
      max: number,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const key = and(eq(watchedSafes.chainId, chainId), eq(watchedSafes.address, getAddress(address)))
        const [known] = await tx.select({ live: watchedSafes.live }).from(watchedSafes).where(key)
        if (known) return false
        if (Number.isFinite(max)) {
          const [row] = await tx
            .select({ n: count() })
            .from(watchedSafes)
            .where(eq(watchedSafes.chainId, chainId))
          if ((row?.n ?? 0) >= max) throw new WatchLimitError(chainId, max)
        }
        const added = await tx
          .insert(watchedSafes)
          .values({ chainId, address: getAddress(address), source })
          .onConflictDoNothing()
          .returning({ address: watchedSafes.address })
        return added.length > 0
      })
    },

    /** Safes still being read, oldest request first, with how far each got. */
    async pending(
      chainId: number,
      limit = 100,
    ): Promise<{ address: Address; backfilledTo: number | null }[]> {
      const rows = await db
        .select({ address: watchedSafes.address, backfilledTo: watchedSafes.backfilledTo })
        .from(watchedSafes)
        .where(and(eq(watchedSafes.chainId, chainId), eq(watchedSafes.live, false)))
        .orderBy(asc(watchedSafes.createdAt), asc(watchedSafes.address))
        .limit(limit)
      return rows.map((r) => ({ address: r.address as Address, backfilledTo: r.backfilledTo }))
    },

    /** Safes followed with every new block. */
    async live(chainId: number): Promise<Set<Address>> {
      const rows = await db
        .select({ address: watchedSafes.address })
        .from(watchedSafes)
        .where(and(eq(watchedSafes.chainId, chainId), eq(watchedSafes.live, true)))
      return new Set(rows.map((r) => r.address as Address))
    },

    async counts(chainId: number): Promise<{ watched: number; live: number }> {
      const rows = await db
        .select({ live: watchedSafes.live, n: count() })
        .from(watchedSafes)
        .where(eq(watchedSafes.chainId, chainId))
        .groupBy(watchedSafes.live)
      const of = (live: boolean) => rows.find((r) => r.live === live)?.n ?? 0
      return { watched: of(true) + of(false), live: of(true) }
    },

    /**
     * Executions whose parameters the backfill still reads (newest first, after listing them: see
     * indexer/pendingParams.ts), of one Safe or of the chain; 0 once its history is whole.
     */
    async pendingExecutions(chainId: number, address?: string): Promise<number> {
      const pending = and(
        eq(multisigTransactions.chainId, chainId),
        eq(multisigTransactions.paramsPending, true),
        address === undefined ? undefined : eq(multisigTransactions.safe, address),
      )
      const [row] = await db.select({ n: count() }).from(multisigTransactions).where(pending)
      return row?.n ?? 0
    },
  }
}

export type WatchedSafesRepository = ReturnType<typeof createWatchedSafesRepository>
