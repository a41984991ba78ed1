// Reads of executed Safe history: the history index, and the multisig, module and transfer rows behind it.
import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/createDatabase.ts'
import {
  historyItems,
  moduleTransactions,
  multisigTransactions,
  safes,
  tokens,
  transfers,
} from '../../db/schema.ts'
import { createHistoryPageRepository, type MultisigTx } from './historyPage.repository.ts'

export type Token = typeof tokens.$inferSelect
export type { HistoryItem, ModuleTx, MultisigTx, Transfer } from './historyPage.repository.ts'
export type TransferFilters = {
  executedAfter?: number
  executedBefore?: number
  to?: string
  value?: string
  tokenAddress?: string
}

/** The condition for the row of `table` that a Safe's log produced: its chain, Safe, transaction and log index. */
/** Which rows of a list: `limit` of them after the first `offset`. */
export type ListPage = { limit: number; offset: number }
type ListTable = typeof multisigTransactions | typeof moduleTransactions | typeof transfers

const atLog = (
  table: typeof moduleTransactions | typeof transfers,
  key: { chainId: number; safe: string; txHash: string; logIndex: number },
) =>
  and(
    eq(table.chainId, key.chainId),
    eq(table.safe, key.safe),
    eq(table.txHash, key.txHash.toLowerCase()),
    eq(table.logIndex, key.logIndex),
  )

export function createTransactionsRepository(db: Database) {
  /** One page of the rows of `table` that `where` matches, in `order`, and how many it matches in all. */
  async function pageOf<T extends ListTable>(
    table: T,
    where: SQL | undefined,
    order: SQL[],
    page: ListPage,
  ): Promise<{ rows: T['$inferSelect'][]; count: number }> {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(table as PgTable)
        .where(where)
        .orderBy(...order)
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({ n: count() })
        .from(table as PgTable)
        .where(where),
    ])
    return { rows: rows as T['$inferSelect'][], count: total?.n ?? 0 }
  }

  return {
    ...createHistoryPageRepository(db),

    async multisigPage(
      chainId: number,
      safe: string,
      filters: TransferFilters & { nonce?: number; executed?: boolean },
      page: ListPage,
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
      return pageOf(
        multisigTransactions,
        where,
        [desc(multisigTransactions.nonce), desc(multisigTransactions.blockNumber)],
        page,
      )
    },

    async modulePage(
      chainId: number,
      safe: string,
      filters: { to?: string; module?: string; txHash?: string },
      page: ListPage,
    ) {
      const where = and(
        eq(moduleTransactions.chainId, chainId),
        eq(moduleTransactions.safe, safe),
        filters.to ? eq(moduleTransactions.to, filters.to) : undefined,
        filters.module ? eq(moduleTransactions.module, filters.module) : undefined,
        filters.txHash ? eq(moduleTransactions.txHash, filters.txHash.toLowerCase()) : undefined,
      )
      return pageOf(
        moduleTransactions,
        where,
        [desc(moduleTransactions.blockNumber), desc(moduleTransactions.logIndex)],
        page,
      )
    },

    async incomingPage(chainId: number, safe: string, filters: TransferFilters, page: ListPage) {
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
      return pageOf(transfers, where, [desc(transfers.blockNumber), desc(transfers.logIndex)], page)
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
      const key = { chainId, safe, txHash, logIndex }
      const [row] = await db.select().from(moduleTransactions).where(atLog(moduleTransactions, key))
      return row
    },

    async transferAt(chainId: number, safe: string, txHash: string, logIndex: number) {
      const key = { chainId, safe, txHash, logIndex }
      const [row] = await db.select().from(transfers).where(atLog(transfers, key))
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
