// The reorg side of the index: stored block hashes to find a fork point, the logs a replay rebuilds the
// touched Safes from, the rollback itself, and forgetting a chain's whole index.

import { and, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm'
import { getAddress, type Hex } from 'viem'
import type { Database } from '../db/createDatabase.ts'
import { blocks, indexerCursors, logs, nftMetadata, safeOwners, safes, tokens } from '../db/schema.ts'
import { PROXY_CREATION_TOPIC, type RawLog } from './events.ts'
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
     * Safes with logs above `forkBlock`, and every log of theirs at or below it (their own and the
     * ProxyCreation that made them), in chain order: the input of the replay that rebuilds their state.
     */
    async replayInput(forkBlock: number): Promise<{ affected: string[]; remaining: RawLog[] }> {
      const touched = await db
        .selectDistinct({ address: logs.address })
        .from(logs)
        .where(and(eq(logs.chainId, chainId), gt(logs.blockNumber, forkBlock)))
      // Logs keep the address as the node sent it; Safe rows are keyed by the checksummed one.
      const raw = touched.map((t) => t.address)
      const affected = raw.map((a) => getAddress(a))
      if (!affected.length) return { affected, remaining: [] }
      const padded = affected.map((a) => `0x${a.slice(2).toLowerCase().padStart(64, '0')}`)
      const rows = await db
        .select()
        .from(logs)
        .where(
          and(
            eq(logs.chainId, chainId),
            lte(logs.blockNumber, forkBlock),
            // ProxyCreation: indexed proxy (topic 1) since 1.4.1, in the data's first word in 1.3.0.
            sql`(${inArray(logs.address, raw)} or (${logs.topics}[1] = ${PROXY_CREATION_TOPIC} and (${logs.topics}[2] = any(${sql.param(padded)}::text[]) or '0x' || encode(substr(${logs.data}, 1, 32), 'hex') = any(${sql.param(padded)}::text[]))))`,
          ),
        )
        .orderBy(logs.blockNumber, logs.logIndex)
      const remaining = rows.map((l) => ({
        ...l,
        blockHash: '0x' as Hex,
        txHash: l.txHash as Hex,
        address: l.address as Hex,
        topics: l.topics as Hex[],
        data: l.data as Hex,
      }))
      return { affected, remaining }
    },

    /** Drops everything above `forkBlock` and writes the rebuilt state of the Safes it touched, in one transaction. */
    async rollback(forkBlock: number, affected: string[], rebuilt: SafeRow[], cursor: Cursor) {
      await db.transaction(async (tx) => {
        await tx.delete(logs).where(and(eq(logs.chainId, chainId), gt(logs.blockNumber, forkBlock)))
        await tx.delete(blocks).where(and(eq(blocks.chainId, chainId), gt(blocks.number, forkBlock)))
        for (const table of blockScoped)
          await tx.delete(table).where(and(eq(table.chainId, chainId), gt(table.blockNumber, forkBlock)))
        if (affected.length) {
          await tx.delete(safes).where(and(eq(safes.chainId, chainId), inArray(safes.address, affected)))
          await tx
            .delete(safeOwners)
            .where(and(eq(safeOwners.chainId, chainId), inArray(safeOwners.safe, affected)))
          await writeSafes(tx, chainId, rebuilt)
        }
        await tx
          .update(indexerCursors)
          .set({
            blockNumber: cursor.blockNumber,
            blockHash: cursor.blockHash,
            dataVersion: sql`${indexerCursors.dataVersion} + 1`,
            updatedAt: new Date(),
          })
          .where(eq(indexerCursors.chainId, chainId))
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
          indexerCursors,
          tokens,
          nftMetadata,
        ])
          await tx.delete(table).where(eq(table.chainId, chainId))
      })
    },
  }
}
