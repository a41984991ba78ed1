// Reads of executed Safe history: the history index, and the multisig, module and transfer rows behind it.
import {
  and,
  count,
  desc,
  eq,
  getTableColumns,
  getTableName,
  gte,
  inArray,
  lte,
  max,
  type SQL,
  sql,
} from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import {
  historyItems,
  indexerCursors,
  moduleTransactions,
  multisigTransactions,
  safes,
  tokens,
  transfers,
} from '../../db/schema.ts'

export type MultisigTx = typeof multisigTransactions.$inferSelect
export type ModuleTx = typeof moduleTransactions.$inferSelect
export type Transfer = typeof transfers.$inferSelect
export type Token = typeof tokens.$inferSelect
export type HistoryItem = typeof historyItems.$inferSelect

type Key = { blockNumber: number; logIndex: number }
const keyOf = (r: Key) => `${r.blockNumber}:${r.logIndex}`
export type TransferFilters = {
  executedAfter?: number
  executedBefore?: number
  to?: string
  value?: string
  tokenAddress?: string
}

export function createTransactionsRepository(db: Database) {
  // The history route's reads, built once: drizzle rebuilds a query's SQL on every call, ~0.3 ms each in
  // PGlite, and an uncached history page makes five of them.
  const chainId = sql.placeholder('chainId')
  const safe = sql.placeholder('safe')

  /**
   * The rows of one Safe at the given (block, log) positions: the keys as a list joined to the table's
   * (chain, Safe, block, log) key, one index probe each, whatever the statistics. Only those rows: a filter on
   * the page's blocks also returned the Safe's other rows in them (twice the rows of a busy Safe's page, and
   * decoding wide rows is most of the lookup's cost in PGlite).
   */
  const rowsAtQuery = (table: typeof multisigTransactions | typeof moduleTransactions | typeof transfers) =>
    db
      .select(getTableColumns(table as typeof transfers))
      .from(
        sql`unnest(${sql.placeholder('blocks')}::bigint[], ${sql.placeholder('logs')}::int[]) as wanted(block_number, log_index)`,
      )
      .innerJoin(
        table as typeof transfers,
        and(
          eq(table.chainId, chainId),
          eq(table.safe, safe),
          eq(table.blockNumber, sql`wanted.block_number`),
          eq(table.logIndex, sql`wanted.log_index`),
        ),
      )
      .prepare(`rows_at_${getTableName(table)}`)
  const rowsAtQueries = new Map(
    [multisigTransactions, moduleTransactions, transfers].map((t) => [t, rowsAtQuery(t)] as const),
  )
  const rowsAt = async <T extends Key>(
    table: typeof multisigTransactions | typeof moduleTransactions | typeof transfers,
    chainId: number,
    safe: string,
    keys: Key[],
  ): Promise<Map<string, T>> => {
    if (!keys.length) return new Map()
    const rows = (await rowsAtQueries.get(table)?.execute({
      chainId,
      safe,
      blocks: keys.map((k) => k.blockNumber),
      logs: keys.map((k) => k.logIndex),
    })) as unknown as T[]
    return new Map(rows.map((r) => [keyOf(r), r]))
  }

  const historyVersionQuery = db
    .select({
      newest: sql<string | null>`(select ${historyItems.blockNumber} || ':' || ${historyItems.logIndex}
        from ${historyItems} where ${historyItems.chainId} = ${chainId} and ${historyItems.safe} = ${safe}
        order by ${historyItems.position} desc limit 1)`,
      data: sql<string | null>`(select ${indexerCursors.dataVersion} from ${indexerCursors}
        where ${indexerCursors.chainId} = ${chainId})`,
      updated: safes.updatedBlock,
    })
    .from(safes)
    .where(and(eq(safes.chainId, chainId), eq(safes.address, safe)))
    .prepare('history_version')

  const total = sql<number>`(select coalesce(max(${historyItems.position}), 0) from ${historyItems}
    where ${historyItems.chainId} = ${chainId} and ${historyItems.safe} = ${safe})`
  const historyItemsQuery = db
    .select({ item: historyItems, total: total.mapWith(Number) })
    .from(historyItems)
    .where(
      and(
        eq(historyItems.chainId, chainId),
        eq(historyItems.safe, safe),
        sql`${historyItems.position} <= ${total} - ${sql.placeholder('offset')}::bigint`,
      ),
    )
    .orderBy(desc(historyItems.position))
    .limit(sql.placeholder('limit'))
    .prepare('history_items_page')

  return {
    keyOf,

    /**
     * Version of everything a history page is built from (cache key): the newest history item moves with new
     * rows, the chain's data version with token metadata and rollbacks, the Safe's updated block with its
     * state (creator, salt, owners shown by name).
     */
    async historyVersion(chainId: number, safe: string): Promise<string> {
      // One round trip: this runs on every (cached) history request.
      const [row] = await historyVersionQuery.execute({ chainId, safe })
      return row?.newest ? `${row.newest}:${row.data ?? 0}:${row.updated}` : 'empty'
    },

    /**
     * One page of the Safe's executed history, newest first, with the rows behind each item: a backward range
     * scan of the history items' key (chain, Safe, position) (the count is the newest position: items are
     * numbered without gaps), then the rows of each kind on the page by their (block, log) keys. Two steps
     * rather than one join: PGlite has no autovacuum, so without statistics the planner joined on (chain, safe)
     * alone and filtered every row.
     */
    async historyPage(chainId: number, safe: string, limit: number, offset: number) {
      const rows = await historyItemsQuery.execute({ chainId, safe, limit, offset })
      const items = rows.map((r) => r.item)
      const of = (kind: HistoryItem['kind']) => items.filter((i) => i.kind === kind)
      const [multisig, modules, transferRows] = await Promise.all([
        rowsAt<MultisigTx>(multisigTransactions, chainId, safe, of('multisig')),
        rowsAt<ModuleTx>(moduleTransactions, chainId, safe, of('module')),
        rowsAt<Transfer>(transfers, chainId, safe, of('transfer')),
      ])
      // A page past the end has no row to carry the count.
      const count =
        rows[0]?.total ??
        Number(
          (
            await db
              .select({ n: max(historyItems.position) })
              .from(historyItems)
              .where(and(eq(historyItems.chainId, chainId), eq(historyItems.safe, safe)))
          )[0]?.n ?? 0,
        )
      return { items, count, multisig, modules, transfers: transferRows }
    },

    async multisigPage(
      chainId: number,
      safe: string,
      filters: TransferFilters & { nonce?: number; executed?: boolean },
      limit: number,
      offset: number,
    ) {
      // Only executed transactions are indexed so far: `executed=false` has none.
      if (filters.executed === false) return { rows: [] as MultisigTx[], count: 0 }
      const conditions: (SQL | undefined)[] = [
        eq(multisigTransactions.chainId, chainId),
        eq(multisigTransactions.safe, safe),
        filters.to ? eq(multisigTransactions.to, filters.to) : undefined,
        filters.value !== undefined ? eq(multisigTransactions.value, filters.value) : undefined,
        filters.nonce !== undefined ? eq(multisigTransactions.nonce, filters.nonce) : undefined,
        filters.executedAfter !== undefined
          ? gte(multisigTransactions.timestamp, filters.executedAfter)
          : undefined,
        filters.executedBefore !== undefined
          ? lte(multisigTransactions.timestamp, filters.executedBefore)
          : undefined,
      ]
      const where = and(...conditions)
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(multisigTransactions)
          .where(where)
          .orderBy(desc(multisigTransactions.nonce), desc(multisigTransactions.blockNumber))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(multisigTransactions).where(where),
      ])
      return { rows, count: total?.n ?? 0 }
    },

    async modulePage(
      chainId: number,
      safe: string,
      filters: { to?: string; module?: string; txHash?: string },
      limit: number,
      offset: number,
    ) {
      const where = and(
        eq(moduleTransactions.chainId, chainId),
        eq(moduleTransactions.safe, safe),
        filters.to ? eq(moduleTransactions.to, filters.to) : undefined,
        filters.module ? eq(moduleTransactions.module, filters.module) : undefined,
        filters.txHash ? eq(moduleTransactions.txHash, filters.txHash.toLowerCase()) : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(moduleTransactions)
          .where(where)
          .orderBy(desc(moduleTransactions.blockNumber), desc(moduleTransactions.logIndex))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(moduleTransactions).where(where),
      ])
      return { rows, count: total?.n ?? 0 }
    },

    async incomingPage(
      chainId: number,
      safe: string,
      filters: TransferFilters,
      limit: number,
      offset: number,
    ) {
      const where = and(
        eq(transfers.chainId, chainId),
        eq(transfers.safe, safe),
        eq(transfers.to, safe),
        sql`${transfers.from} <> ${safe}`,
        filters.to ? eq(transfers.to, filters.to) : undefined,
        filters.tokenAddress ? eq(transfers.token, filters.tokenAddress) : undefined,
        filters.value !== undefined ? eq(transfers.value, filters.value) : undefined,
        filters.executedAfter !== undefined ? gte(transfers.timestamp, filters.executedAfter) : undefined,
        filters.executedBefore !== undefined ? lte(transfers.timestamp, filters.executedBefore) : undefined,
      )
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(transfers)
          .where(where)
          .orderBy(desc(transfers.blockNumber), desc(transfers.logIndex))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(transfers).where(where),
      ])
      return { rows, count: total?.n ?? 0 }
    },

    async multisigByHash(chainId: number, safeTxHash: string) {
      const [row] = await db
        .select()
        .from(multisigTransactions)
        .where(
          and(
            eq(multisigTransactions.chainId, chainId),
            eq(multisigTransactions.safeTxHash, safeTxHash.toLowerCase()),
          ),
        )
      return row
    },

    async moduleAt(chainId: number, safe: string, txHash: string, logIndex: number) {
      const [row] = await db
        .select()
        .from(moduleTransactions)
        .where(
          and(
            eq(moduleTransactions.chainId, chainId),
            eq(moduleTransactions.safe, safe),
            eq(moduleTransactions.txHash, txHash.toLowerCase()),
            eq(moduleTransactions.logIndex, logIndex),
          ),
        )
      return row
    },

    async transferAt(chainId: number, safe: string, txHash: string, logIndex: number) {
      const [row] = await db
        .select()
        .from(transfers)
        .where(
          and(
            eq(transfers.chainId, chainId),
            eq(transfers.safe, safe),
            eq(transfers.txHash, txHash.toLowerCase()),
            eq(transfers.logIndex, logIndex),
          ),
        )
      return row
    },

    /** Token metadata by address (lower-case-insensitive lookups use checksummed keys). */
    async tokens(chainId: number, addresses: string[]): Promise<Map<string, Token>> {
      const unique = [...new Set(addresses)]
      if (!unique.length) return new Map()
      const rows = await db
        .select()
        .from(tokens)
        .where(and(eq(tokens.chainId, chainId), inArray(tokens.address, unique)))
      return new Map(rows.map((r) => [r.address, r]))
    },

    async creation(chainId: number, safe: string) {
      const [row] = await db
        .select({
          creator: safes.creator,
          saltNonce: safes.saltNonce,
          factory: safes.factory,
          txHash: safes.creationTxHash,
          blockNumber: safes.creationBlock,
          implementation: safes.implementation,
          timestamp: historyItems.timestamp,
        })
        .from(safes)
        .leftJoin(
          historyItems,
          and(
            eq(historyItems.chainId, safes.chainId),
            eq(historyItems.safe, safes.address),
            eq(historyItems.kind, 'creation'),
          ),
        )
        .where(and(eq(safes.chainId, chainId), eq(safes.address, safe)))
      return row
    },
  }
}

export type TransactionsRepository = ReturnType<typeof createTransactionsRepository>
