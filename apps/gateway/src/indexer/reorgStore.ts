// The reorg side of the index: stored block hashes to find a fork point, the undo records that say how far
// back a rollback must go and what each Safe looked like there, the rollback itself, and forgetting a chain's
// whole index.

import { and, asc, desc, eq, gt, inArray, lt, lte, min, sql } from 'drizzle-orm'
import { type Address, getAddress } from 'viem'
import type { Database } from '../db/createDatabase.ts'
import {
  blocks,
  historyItems,
  indexerCursors,
  logs,
  nftMetadata,
  safeOwners,
  safes,
  safeUndo,
  tokens,
  watchedSafes,
} from '../db/schema.ts'
import type { Cursor } from './indexStore.ts'
import type { SafeRow } from './rows.ts'
import { blockScoped, writeSafes } from './safeState.ts'

export function createReorgStore(db: Database, chainId: number) {
  return {
    /** Stored block hashes at or below `blockNumber`, newest first (candidates for a fork point). */
    async recentBlocks(blockNumber: number, limit: number) {
      return db
        .select({ number: blocks.number, hash: blocks.hash })
        .from(blocks)
        .where(and(eq(blocks.chainId, chainId), lte(blocks.number, blockNumber)))
        .orderBy(desc(blocks.number))
        .limit(limit)
    },

    /**
     * Where a rollback to the last block the node agrees with (`agreed`) must go: that block, or the start of
     * the window holding it if that window changed a Safe (undo records hold a Safe's state at window
     * boundaries only). Undefined when the undo records do not reach that far back.
     */
    async rollbackPoint(agreed: number): Promise<number | undefined> {
      const [cursor] = await db
        .select({ undoFrom: indexerCursors.undoFrom })
        .from(indexerCursors)
        .where(eq(indexerCursors.chainId, chainId))
      if (!cursor || agreed < cursor.undoFrom) return undefined
      const [straddling] = await db
        .select({ from: min(safeUndo.fromBlock) })
        .from(safeUndo)
        .where(
          and(
            eq(safeUndo.chainId, chainId),
            gt(safeUndo.blockNumber, agreed),
            lt(safeUndo.fromBlock, agreed),
          ),
        )
      return straddling?.from ?? agreed
    },

    /**
     * Drops everything above the cursor's block and puts back each Safe changed above it as it was there, in
     * one transaction. Returns the Safes whose state or history changed (checksummed).
     */
    async rollback(cursor: Cursor): Promise<Address[]> {
      const fork = cursor.blockNumber
      return db.transaction(async (tx) => {
        // A Safe's oldest undo row above the fork holds its state at the fork (nothing changed it in between).
        const undo = await tx
          .select({ address: safeUndo.address, state: safeUndo.state })
          .from(safeUndo)
          .where(and(eq(safeUndo.chainId, chainId), gt(safeUndo.blockNumber, fork)))
          .orderBy(asc(safeUndo.blockNumber))
        const before = new Map<string, SafeRow | null>()
        for (const { address, state } of undo) if (!before.has(address)) before.set(address, state ?? null)
        const withHistory = await tx
          .selectDistinct({ safe: historyItems.safe })
          .from(historyItems)
          .where(and(eq(historyItems.chainId, chainId), gt(historyItems.blockNumber, fork)))

        for (const table of [logs, safeUndo, ...blockScoped])
          await tx.delete(table).where(and(eq(table.chainId, chainId), gt(table.blockNumber, fork)))
        await tx.delete(blocks).where(and(eq(blocks.chainId, chainId), gt(blocks.number, fork)))
        const created = [...before].filter(([, state]) => !state).map(([address]) => address)
        if (created.length) {
          await tx.delete(safes).where(and(eq(safes.chainId, chainId), inArray(safes.address, created)))
          await tx
            .delete(safeOwners)
            .where(and(eq(safeOwners.chainId, chainId), inArray(safeOwners.safe, created)))
        }
        await writeSafes(
          tx,
          chainId,
          [...before.values()].filter((state): state is SafeRow => state !== null),
        )
        // A watched Safe read above the fork is read again from there (its rows above it are gone).
        await tx
          .update(watchedSafes)
          .set({ backfilledTo: fork })
          .where(and(eq(watchedSafes.chainId, chainId), gt(watchedSafes.backfilledTo, fork)))
        await tx
          .update(indexerCursors)
          .set({
            blockNumber: cursor.blockNumber,
            blockHash: cursor.blockHash,
            dataVersion: sql`${indexerCursors.dataVersion} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(indexerCursors.chainId, chainId))
        return [...new Set([...before.keys(), ...withHistory.map((r) => r.safe)])].map((a) => getAddress(a))
      })
    },

    /** Forgets the chain's whole index (another chain answers behind the same id). */
    async reset(): Promise<void> {
      await db.transaction(async (tx) => {
        for (const table of [
          logs,
          blocks,
          ...blockScoped,
          safes,
          safeOwners,
          safeUndo,
          indexerCursors,
          tokens,
          nftMetadata,
        ])
          await tx.delete(table).where(eq(table.chainId, chainId))
        // The watch list stays; each Safe on it is read again from its creation.
        await tx
          .update(watchedSafes)
          .set({ backfilledTo: null, live: false })
          .where(eq(watchedSafes.chainId, chainId))
      })
    },
  }
}
