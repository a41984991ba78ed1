// Everything the indexer reads from and writes to the database. One call to commitWindow() is one
// database transaction holding a whole window of blocks and the cursor that points past it.

import { encodeSignatures } from '@concord/safe/signatures'
import { and, desc, eq, getTableName, gt, inArray, isNull, lte, sql } from 'drizzle-orm'
import { type Address, getAddress, type Hex } from 'viem'
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
  nftMetadata,
  proposals,
  safeOwners,
  safes,
  tokens,
  transfers,
} from '../db/schema.ts'
import { PROXY_CREATION_TOPIC, type RawLog } from './events.ts'
import type { SafeTxParams } from './executionParams.ts'
import { numberHistory } from './historyPositions.ts'
import type { HistoryRow, ModuleRow, MultisigRow, SafeRow, TransferRow } from './rows.ts'

export type Cursor = { blockNumber: number; blockHash: Hex; genesisHash: Hex }
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Tables whose rows belong to a block: a rollback deletes those above the fork point. */
const blockScoped = [multisigTransactions, moduleTransactions, transfers, historyItems] as const

export function createIndexStore(db: Database, chainId: number) {
  const writeSafes = async (tx: Tx, rows: SafeRow[]) => {
    if (!rows.length) return
    const addresses = rows.map((r) => r.address)
    await tx
      .insert(safes)
      .values(rows)
      .onConflictDoUpdate({
        target: [safes.chainId, safes.address],
        set: {
          owners: sql`excluded.owners`,
          threshold: sql`excluded.threshold`,
          nonce: sql`excluded.nonce`,
          modules: sql`excluded.modules`,
          guard: sql`excluded.guard`,
          fallbackHandler: sql`excluded.fallback_handler`,
          implementation: sql`excluded.implementation`,
          // A migration (ChangedMasterCopy) changes the version with the implementation.
          version: sql`excluded.version`,
          factory: sql`excluded.factory`,
          creator: sql`excluded.creator`,
          saltNonce: sql`excluded.salt_nonce`,
          updatedBlock: sql`excluded.updated_block`,
        },
      })
    await tx
      .delete(safeOwners)
      .where(and(eq(safeOwners.chainId, chainId), inArray(safeOwners.safe, addresses)))
    const owners = rows.flatMap((r) => r.owners.map((owner) => ({ chainId, owner, safe: r.address })))
    if (owners.length) await tx.insert(safeOwners).values(owners).onConflictDoNothing()
  }

  /** Token metadata changes what history pages show (trusted, hidden transfers): cached pages must see it. */
  const bumpDataVersion = () =>
    db
      .update(indexerCursors)
      .set({ dataVersion: sql`${indexerCursors.dataVersion} + 1` })
      .where(eq(indexerCursors.chainId, chainId))

  return {
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
      kept: RawLog[]
      safes: SafeRow[]
      multisig: MultisigRow[]
      modules: ModuleRow[]
      transfers: TransferRow[]
      history: HistoryRow[]
      blocks: { number: number; hash: Hex; timestamp: number }[]
      cursor: Cursor
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
            throw new Error(
              `the cursor of chain ${chainId} moved to ${row.blockNumber} (another indexer?), expected ${w.previous}`,
            )
        }
        await bulkInsert(
          tx,
          logs,
          w.kept.map((l) => ({
            chainId,
            blockNumber: l.blockNumber,
            logIndex: l.logIndex,
            txHash: l.txHash,
            address: l.address,
            topics: l.topics,
            data: l.data,
          })),
        )
        await writeSafes(tx, w.safes)
        await bulkInsert(tx, multisigTransactions, w.multisig)
        await bulkInsert(tx, moduleTransactions, w.modules)
        await bulkInsert(tx, transfers, w.transfers)
        await bulkInsert(tx, historyItems, await numberHistory(tx, chainId, w.history))
        if (w.blocks.length)
          await tx
            .insert(blocks)
            .values(w.blocks.map((b) => ({ chainId, ...b })))
            .onConflictDoUpdate({
              target: [blocks.chainId, blocks.number],
              set: { hash: sql`excluded.hash`, timestamp: sql`excluded.timestamp` },
            })
        await tx
          .insert(indexerCursors)
          .values({ chainId, ...w.cursor })
          .onConflictDoUpdate({
            target: indexerCursors.chainId,
            set: { blockNumber: w.cursor.blockNumber, blockHash: w.cursor.blockHash, updatedAt: new Date() },
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
          [logs, safes, safeOwners, blocks, ...blockScoped].map((t) => sql.identifier(getTableName(t))),
          sql`, `,
        )}`,
      )
    },

    /** Every indexed Safe of the chain (token transfers are fetched for these). */
    async safeAddresses(): Promise<Set<Address>> {
      const rows = await db.select({ address: safes.address }).from(safes).where(eq(safes.chainId, chainId))
      return new Set(rows.map((r) => r.address as Address))
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

    /** ERC721 tokens held or once held by Safes whose metadata has not been read yet. */
    async nftsWithoutMetadata(limit: number) {
      return db
        .selectDistinct({ token: transfers.token, tokenId: transfers.tokenId })
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
        .limit(limit)
    },

    async saveNftMetadata(rows: (typeof nftMetadata.$inferInsert)[]) {
      if (!rows.length) return
      await db.insert(nftMetadata).values(rows).onConflictDoNothing()
      await bumpDataVersion()
    },

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
            sql`(${inArray(logs.address, raw)} or (${logs.topics}[1] = ${PROXY_CREATION_TOPIC} and (${logs.topics}[2] = any(${sql.param(padded)}::text[]) or substr(${logs.data}, 1, 66) = any(${sql.param(padded)}::text[]))))`,
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
          await writeSafes(tx, rebuilt)
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

export type IndexStore = ReturnType<typeof createIndexStore>
