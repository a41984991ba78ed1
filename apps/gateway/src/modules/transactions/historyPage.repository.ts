// Reads behind a history page: the version it is cached under, its items in position order and the multisig,
// module and transfer rows they point at. Prepared once: drizzle rebuilds a query's SQL on every call, ~0.3 ms
// each in PGlite, and an uncached history page makes five of them.
import { and, desc, eq, getTableColumns, getTableName, max, sql } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import {
  type HistoryItem,
  historyItems,
  indexerCursors,
  type ModuleTx,
  type MultisigTx,
  moduleTransactions,
  multisigTransactions,
  safes,
  type Transfer,
  transfers,
} from '../../db/schema.ts'

export type { HistoryItem, ModuleTx, MultisigTx, Transfer } from '../../db/schema.ts'

type Key = { blockNumber: number; logIndex: number }
const keyOf = (r: Key) => `${r.blockNumber}:${r.logIndex}`

export function createHistoryPageRepository(db: Database) {
  const param = { chainId: sql.placeholder('chainId'), safe: sql.placeholder('safe') }

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
          eq(table.chainId, param.chainId),
          eq(table.safe, param.safe),
          eq(table.blockNumber, sql`wanted.block_number`),
          eq(table.logIndex, sql`wanted.log_index`),
        ),
      )
      .prepare(`rows_at_${getTableName(table)}`)
  /** The table behind each kind of item (a creation's row is the Safe's own). */
  const rowsAtQueries = {
    multisig: rowsAtQuery(multisigTransactions),
    module: rowsAtQuery(moduleTransactions),
    transfer: rowsAtQuery(transfers),
  }
  /** The rows behind the page's items of one kind, by their (block, log) key. */
  const rowsAt = async <T extends Key>(
    kind: keyof typeof rowsAtQueries,
    chainId: number,
    safe: string,
    items: HistoryItem[],
  ): Promise<Map<string, T>> => {
    const keys = items.filter((i) => i.kind === kind)
    if (!keys.length) return new Map()
    const rows = (await rowsAtQueries[kind].execute({
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
        from ${historyItems}
        where ${historyItems.chainId} = ${param.chainId} and ${historyItems.safe} = ${param.safe}
        order by ${historyItems.position} desc limit 1)`,
      data: sql<string | null>`(select ${indexerCursors.dataVersion} from ${indexerCursors}
        where ${indexerCursors.chainId} = ${param.chainId})`,
      updated: safes.updatedBlock,
    })
    .from(safes)
    .where(and(eq(safes.chainId, param.chainId), eq(safes.address, param.safe)))
    .prepare('history_version')

  const total = sql<number>`(select coalesce(max(${historyItems.position}), 0) from ${historyItems}
    where ${historyItems.chainId} = ${param.chainId} and ${historyItems.safe} = ${param.safe})`
  const historyItemsQuery = db
    .select({ item: historyItems, total: total.mapWith(Number) })
    .from(historyItems)
    .where(
      and(
        eq(historyItems.chainId, param.chainId),
        eq(historyItems.safe, param.safe),
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
      const [multisig, modules, transferRows] = await Promise.all([
        rowsAt<MultisigTx>('multisig', chainId, safe, items),
        rowsAt<ModuleTx>('module', chainId, safe, items),
        rowsAt<Transfer>('transfer', chainId, safe, items),
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
  }
}
