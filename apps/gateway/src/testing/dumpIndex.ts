// Every table the indexer writes, ordered by primary key, for comparing one index with a fresh one of the
// same chain (crash recovery, reorgs). Our own bookkeeping timestamps are left out.
import { asc } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Store } from '../db/createDatabase.ts'
import * as schema from '../db/schema.ts'

// biome-ignore lint/suspicious/noExplicitAny: rows are compared whole and read loosely by the tests
type Rows = any[]
type Cursor = { chainId: number; blockNumber: number; blockHash: string; genesisHash: string }
type TableName =
  | 'safes'
  | 'safe_owners'
  | 'multisig_transactions'
  | 'module_transactions'
  | 'transfers'
  | 'history_items'
  | 'logs'
  | 'tokens'
  | 'nft_metadata'
  | 'blocks'
export type IndexDump = { cursor: Cursor } & Record<TableName, Rows>

/** Every indexed table, ordered by its primary key (timestamps of our own bookkeeping left out). */
export async function dumpIndex(store: Store): Promise<IndexDump> {
  const { db } = store
  const ordered = <T extends PgTable>(table: T, keys: readonly (keyof T['_']['columns'] & string)[]) =>
    db
      .select()
      .from(table as PgTable)
      .orderBy(...keys.map((k) => asc((table as unknown as Record<string, PgColumn>)[k] as PgColumn)))
  const [cursor] = await db
    .select({
      chainId: schema.indexerCursors.chainId,
      blockNumber: schema.indexerCursors.blockNumber,
      blockHash: schema.indexerCursors.blockHash,
      genesisHash: schema.indexerCursors.genesisHash,
    })
    .from(schema.indexerCursors)
  const atBlock = ['chainId', 'safe', 'blockNumber', 'logIndex'] as const
  return {
    cursor: cursor as Cursor,
    safes: await ordered(schema.safes, ['chainId', 'address']),
    safe_owners: await ordered(schema.safeOwners, ['chainId', 'owner', 'safe']),
    multisig_transactions: await ordered(schema.multisigTransactions, ['chainId', 'safe', 'safeTxHash']),
    module_transactions: await ordered(schema.moduleTransactions, atBlock),
    transfers: await ordered(schema.transfers, atBlock),
    history_items: await ordered(schema.historyItems, atBlock),
    logs: await ordered(schema.logs, ['chainId', 'blockNumber', 'logIndex']),
    tokens: await ordered(schema.tokens, ['chainId', 'address']),
    nft_metadata: await ordered(schema.nftMetadata, ['chainId', 'token', 'tokenId']),
    blocks: await ordered(schema.blocks, ['chainId', 'number']),
  }
}
