// Everything the indexer reads from and writes to the database. One call to commitWindow() is one
// database transaction holding a whole window of blocks and the cursor that points past it; the metadata and
// reorg parts have their own modules.

import { encodeSignatures, preValidatedSignature } from '@concord/safe/signatures'
import { and, eq, getTableName, inArray, lte, sql } from 'drizzle-orm'
import type { Address, Hex } from 'viem'
import { bulkInsert } from '../db/bulkInsert.ts'
import type { Database } from '../db/createDatabase.ts'
import {
  blocks,
  confirmations,
  historyItems,
  indexerCursors,
  logs,
  moduleTransactions,
  multisigTransactions,
  proposals,
  safeOwners,
  safes,
  safeUndo,
  transfers,
  watchedSafes,
} from '../db/schema.ts'
import { RetryableError } from '../errors/GatewayError.ts'
import type { RawLog } from './events.ts'
import type { SafeTxParams } from './executionParams.ts'
import { numberHistory } from './historyPositions.ts'
import { createMetadataStore } from './metadataStore.ts'
import { createReorgStore } from './reorgStore.ts'
import type { ApprovalRow, HistoryRow, ModuleRow, MultisigRow, SafeRow, TransferRow } from './rows.ts'
import { blockScoped, writeSafes } from './safeState.ts'

export type Cursor = { blockNumber: number; blockHash: Hex; genesisHash: Hex }

export function createIndexStore(db: Database, chainId: number) {
  return {
    ...createMetadataStore(db, chainId),
    ...createReorgStore(db, chainId),

    async getCursor(): Promise<Cursor | undefined> {
      const [row] = await db.select().from(indexerCursors).where(eq(indexerCursors.chainId, chainId))
      return (
        row && {
          blockNumber: row.blockNumber,
          blockHash: row.blockHash as Hex,
          genesisHash: row.genesisHash as Hex,
        }
      )
    },

    /** Stores a first cursor, if none is stored yet (watched mode starts at the head, before any window). */
    async saveCursor(cursor: Cursor): Promise<void> {
      await db
        .insert(indexerCursors)
        .values({ chainId, ...cursor })
        .onConflictDoNothing()
    },

    async loadSafes(addresses: Address[]): Promise<Map<Address, SafeRow>> {
      const map = new Map<Address, SafeRow>()
      for (let i = 0; i < addresses.length; i += 1000) {
        const rows = await db
          .select()
          .from(safes)
          .where(and(eq(safes.chainId, chainId), inArray(safes.address, addresses.slice(i, i + 1000))))
        for (const row of rows) map.set(row.address as Address, row)
      }
      return map
    },

    async commitWindow(w: {
      /** The cursor's block this window continues from: the commit fails if the stored cursor moved elsewhere. */
      previous?: number
      /**
       * The window: the block it continues from and its last one (undo records are keyed by them). Absent: the
       * follower's window, from `previous` to the new cursor. A backfill reads below the cursor and keeps it.
       */
      span?: { after: number; to: number }
      /** How far the watched Safes of a backfill window are now read, and whether that reached the cursor. */
      watched?: { addresses: string[]; backfilledTo: number; live: boolean }
      /** Logs at Safes that no known layout decodes. */
      undecodable: RawLog[]
      safes: SafeRow[]
      multisig: MultisigRow[]
      modules: ModuleRow[]
      transfers: TransferRow[]
      history: HistoryRow[]
      /** On-chain approvals: stored as confirmations (a pre-validated signature); one already there is kept. */
      approvals?: ApprovalRow[]
      blocks: { number: number; hash: Hex; timestamp: number }[]
      cursor: Cursor
      /**
       * For a window that ends within the reorg window: the state of each Safe it changed from before it,
       * and the block at and below which no rollback can reach any more (older undo rows are dropped).
       * Without it the window can only be undone by starting over.
       */
      undo?: { before: { address: string; state: SafeRow | null }[]; keepAbove: number }
    }): Promise<void> {
      await db.transaction(async (tx) => {
        // Fencing: should two processes ever index the chain at once (a leader that lost its lock but not yet
        // noticed), the row lock serialises them and the later one finds the cursor moved, and rolls back.
        if (w.previous !== undefined) {
          const [row] = await tx
            .select({ blockNumber: indexerCursors.blockNumber })
            .from(indexerCursors)
            .where(eq(indexerCursors.chainId, chainId))
            .for('update')
          if (row && row.blockNumber !== w.previous)
            // Retryable: the next sync starts from the cursor as it now is.
            throw new RetryableError(
              `the cursor of chain ${chainId} moved to ${row.blockNumber} (another indexer?), expected ${w.previous}`,
            )
        }
        await bulkInsert(
          tx,
          logs,
          w.undecodable.map((l) => ({
            chainId,
            blockNumber: l.blockNumber,
            logIndex: l.logIndex,
            txHash: l.txHash,
            address: l.address,
            topics: l.topics,
            data: l.data,
          })),
        )
        await writeSafes(tx, chainId, w.safes)
        await bulkInsert(tx, multisigTransactions, w.multisig)
        await bulkInsert(tx, moduleTransactions, w.modules)
        await bulkInsert(tx, transfers, w.transfers)
        await bulkInsert(tx, historyItems, await numberHistory(tx, chainId, w.history))
        if (w.approvals?.length)
          await tx
            .insert(confirmations)
            .values(
              w.approvals.map((a) => ({
                chainId,
                safeTxHash: a.safeTxHash.toLowerCase(),
                owner: a.owner,
                signature: preValidatedSignature(a.owner as Address),
                signatureType: 'APPROVED_HASH' as const,
                submittedAt: a.timestamp * 1000,
              })),
            )
            .onConflictDoNothing()
        if (w.blocks.length)
          await tx
            .insert(blocks)
            .values(w.blocks.map((b) => ({ chainId, ...b })))
            .onConflictDoUpdate({
              target: [blocks.chainId, blocks.number],
              set: { hash: sql`excluded.hash`, timestamp: sql`excluded.timestamp` },
            })
        const undoFloor = w.undo ? w.undo.keepAbove : w.cursor.blockNumber
        if (w.undo?.before.length)
          await tx.insert(safeUndo).values(
            w.undo.before.map(({ address, state }) => ({
              chainId,
              blockNumber: w.span?.to ?? w.cursor.blockNumber,
              fromBlock: w.span?.after ?? w.previous ?? -1,
              address,
              state,
            })),
          )
        await tx
          .delete(safeUndo)
          .where(and(eq(safeUndo.chainId, chainId), lte(safeUndo.blockNumber, undoFloor)))
        if (w.watched?.addresses.length)
          await tx
            .update(watchedSafes)
            .set({ backfilledTo: w.watched.backfilledTo, live: w.watched.live })
            .where(and(eq(watchedSafes.chainId, chainId), inArray(watchedSafes.address, w.watched.addresses)))
        await tx
          .insert(indexerCursors)
          .values({ chainId, ...w.cursor, undoFrom: undoFloor })
          .onConflictDoUpdate({
            target: indexerCursors.chainId,
            set: {
              blockNumber: w.cursor.blockNumber,
              blockHash: w.cursor.blockHash,
              undoFrom: sql`greatest(${indexerCursors.undoFrom}, ${undoFloor})`,
              updatedAt: new Date(),
            },
          })
      })
    },

    /**
     * Refreshes the planner statistics of the indexed tables. PGlite runs no autovacuum, so without this it
     * never has any, and plans a Safe's history lookups as scans of every row of the Safe.
     */
    async analyze(): Promise<void> {
      await db.execute(
        sql`analyze ${sql.join(
          [safes, safeOwners, blocks, ...blockScoped].map((t) => sql.identifier(getTableName(t))),
          sql`, `,
        )}`,
      )
    },

    /** Marks watched Safes read up to the cursor without a window to commit (nothing left to read). */
    async markLive(addresses: string[], backfilledTo: number): Promise<void> {
      if (!addresses.length) return
      await db
        .update(watchedSafes)
        .set({ backfilledTo, live: true })
        .where(and(eq(watchedSafes.chainId, chainId), inArray(watchedSafes.address, addresses)))
    },

    /** Those of `addresses` (checksummed) that are indexed Safes: a window's transfers are matched with it. */
    async safesAmong(addresses: Address[]): Promise<Set<Address>> {
      const out = new Set<Address>()
      for (let i = 0; i < addresses.length; i += 5000) {
        const rows = await db
          .select({ address: safes.address })
          .from(safes)
          .where(and(eq(safes.chainId, chainId), inArray(safes.address, addresses.slice(i, i + 5000))))
        for (const r of rows) out.add(r.address as Address)
      }
      return out
    },

    /**
     * Stored proposals with these safeTxHashes, as SafeTx parameters with their confirmations encoded as the
     * Safe accepts them (for non-L2 executions no log and no calldata explains).
     */
    async proposalParams(hashes: Hex[]): Promise<Map<Hex, SafeTxParams>> {
      const out = new Map<Hex, SafeTxParams>()
      if (!hashes.length) return out
      const [rows, confs] = await Promise.all([
        db
          .select()
          .from(proposals)
          .where(and(eq(proposals.chainId, chainId), inArray(proposals.safeTxHash, hashes))),
        db
          .select()
          .from(confirmations)
          .where(and(eq(confirmations.chainId, chainId), inArray(confirmations.safeTxHash, hashes))),
      ])
      for (const p of rows)
        out.set(p.safeTxHash as Hex, {
          to: p.to as Address,
          value: BigInt(p.value),
          data: p.data as Hex,
          operation: p.operation as 0 | 1,
          safeTxGas: BigInt(p.safeTxGas),
          baseGas: BigInt(p.baseGas),
          gasPrice: BigInt(p.gasPrice),
          gasToken: p.gasToken as Address,
          refundReceiver: p.refundReceiver as Address,
          signatures: encodeSignatures(
            confs
              .filter((c) => c.safeTxHash === p.safeTxHash)
              .map((c) => ({ signer: c.owner as Address, signature: c.signature as Hex })),
          ),
        })
      return out
    },
  }
}

export type IndexStore = ReturnType<typeof createIndexStore>
