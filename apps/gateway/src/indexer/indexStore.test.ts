import { and, asc, eq } from 'drizzle-orm'
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { createDatabase } from '../db/createDatabase.ts'
import { historyItems } from '../db/schema.ts'
import { createIndexStore } from './indexStore.ts'
import type { HistoryRow } from './rows.ts'

const A = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const B = '0x1234567890123456789012345678901234567890'
const HASH = `0x${'ab'.repeat(32)}` as Hex
const item = (safe: string, blockNumber: number, logIndex: number, kind: HistoryRow['kind']): HistoryRow => ({
  chainId: 1,
  safe,
  blockNumber,
  logIndex,
  kind,
  timestamp: blockNumber,
})
const window = (blockNumber: number, history: HistoryRow[], previous?: number) => ({
  previous,
  undecodable: [],
  safes: [],
  multisig: [],
  modules: [],
  transfers: [],
  history,
  blocks: [],
  cursor: { blockNumber, blockHash: HASH, genesisHash: HASH },
})

describe('indexStore history positions', () => {
  it("numbers each Safe's items in chain order without gaps, across windows and after a rollback", async () => {
    const { db, close } = await createDatabase({ databaseUrl: 'pglite:memory' })
    const store = createIndexStore(db, 1)
    const positions = async (safe: string) =>
      (
        await db
          .select({
            block: historyItems.blockNumber,
            log: historyItems.logIndex,
            position: historyItems.position,
          })
          .from(historyItems)
          .where(and(eq(historyItems.chainId, 1), eq(historyItems.safe, safe)))
          .orderBy(asc(historyItems.position))
      ).map((r) => `${r.block}:${r.log}@${r.position}`)
    // Transfers come after the executions in the window's rows, though some happened before them.
    await store.commitWindow(
      window(10, [
        item(A, 1, 0, 'creation'),
        item(A, 5, 2, 'multisig'),
        item(B, 3, 0, 'creation'),
        item(A, 4, 7, 'transfer'),
      ]),
    )
    await store.commitWindow(window(20, [item(A, 12, 0, 'multisig'), item(A, 11, 3, 'transfer')], 10))
    expect(await positions(A)).toEqual(['1:0@1', '4:7@2', '5:2@3', '11:3@4', '12:0@5'])
    expect(await positions(B)).toEqual(['3:0@1'])
    await store.rollback({ blockNumber: 11, blockHash: HASH, genesisHash: HASH })
    await store.commitWindow(window(20, [item(A, 13, 0, 'module')], 11))
    expect(await positions(A)).toEqual(['1:0@1', '4:7@2', '5:2@3', '11:3@4', '13:0@5'])
    // A log listed twice in a window is one item (the key is the position: nothing else would catch it).
    await store.commitWindow(
      window(30, [item(A, 21, 0, 'transfer'), item(B, 21, 0, 'transfer'), item(A, 21, 0, 'transfer')], 20),
    )
    expect(await positions(A)).toEqual(['1:0@1', '4:7@2', '5:2@3', '11:3@4', '13:0@5', '21:0@6'])
    expect(await positions(B)).toEqual(['3:0@1', '21:0@2'])
    await close()
  })
})
