// Rolling back from undo records: how far back a fork sends the index (window boundaries, and no further
// than the records reach), and what the rollback leaves: each Safe as it was at the fork, the Safes created
// above it gone, nothing stored above it.
import { and, eq } from 'drizzle-orm'
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { historyItems, indexerCursors, safeOwners, safes, safeUndo } from '../db/schema.ts'
import { testDatabaseKinds, useTestStore } from '../testing/testDatabases.ts'
import { createIndexStore } from './indexStore.ts'
import type { HistoryRow, SafeRow } from './rows.ts'

const A = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const B = '0x1234567890123456789012345678901234567890'
const OWNER_1 = '0x00000000000000000000000000000000000000A1'
const OWNER_2 = '0x00000000000000000000000000000000000000a2'
const HASH = `0x${'ab'.repeat(32)}` as Hex

const safe = (address: string, nonce: number, owners: string[], updatedBlock: number): SafeRow => ({
  chainId: 1,
  address,
  owners,
  threshold: 1,
  nonce,
  modules: [],
  guard: null,
  fallbackHandler: null,
  implementation: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  version: '1.4.1+L2',
  creator: OWNER_1,
  saltNonce: '7',
  factory: null,
  creationTxHash: HASH,
  creationBlock: 3,
  updatedBlock,
})
const item = (address: string, blockNumber: number): HistoryRow => ({
  chainId: 1,
  safe: address,
  blockNumber,
  logIndex: 0,
  kind: 'multisig',
  timestamp: blockNumber,
})
const cursor = (blockNumber: number) => ({ blockNumber, blockHash: HASH, genesisHash: HASH })
const window = (
  previous: number,
  end: number,
  changed: SafeRow[],
  undo?: { before: { address: string; state: SafeRow | null }[]; keepAbove: number },
) => ({
  previous,
  undecodable: [],
  safes: changed,
  multisig: [],
  modules: [],
  transfers: [],
  history: changed.map((s) => item(s.address, s.updatedBlock)),
  blocks: [{ number: end, hash: HASH, timestamp: end }],
  cursor: cursor(end),
  undo,
})

describe.each(testDatabaseKinds())('rollback from undo records on %s', (kind) => {
  const testStore = useTestStore(kind)

  it('goes back to window boundaries, restores each Safe and drops what came after', async () => {
    const { db } = testStore()
    const store = createIndexStore(db, 1)
    const a0 = safe(A, 0, [OWNER_1], 3)
    const a1 = safe(A, 1, [OWNER_1, OWNER_2], 15)
    const a2 = safe(A, 2, [OWNER_2], 25)
    const b1 = safe(B, 0, [OWNER_2], 18)
    // A backfill window (no undo records), then two windows a reorg may undo.
    await store.commitWindow(window(-1, 10, [a0]))
    await store.commitWindow(
      window(10, 20, [a1, b1], {
        before: [
          { address: A, state: a0 },
          { address: B, state: null },
        ],
        keepAbove: 5,
      }),
    )
    await store.commitWindow(window(20, 30, [a2], { before: [{ address: A, state: a1 }], keepAbove: 5 }))

    // Below the first undo record: too deep, start over. Inside a window that changed a Safe: its start.
    expect(await store.rollbackPoint(9)).toBeUndefined()
    expect(await store.rollbackPoint(10)).toBe(10)
    expect(await store.rollbackPoint(15)).toBe(10)
    expect(await store.rollbackPoint(20)).toBe(20)
    expect(await store.rollbackPoint(25)).toBe(20)
    expect(await store.rollbackPoint(30)).toBe(30)

    // To block 20: A as the second window left it, B still there.
    expect((await store.rollback(cursor(20))).sort()).toEqual([A])
    const stored = async () =>
      Object.fromEntries(
        (await db.select().from(safes).where(eq(safes.chainId, 1))).map((s) => [s.address, s]),
      )
    expect(await stored()).toEqual({ [A]: a1, [B]: b1 })

    // To block 10: A as the backfill left it, B (created above) gone with its owners and history.
    expect((await store.rollback(cursor(10))).sort()).toEqual([B, A].sort())
    expect(await stored()).toEqual({ [A]: a0 })
    const owners = await db.select().from(safeOwners).where(eq(safeOwners.chainId, 1))
    expect(owners.map((o) => [o.safe, o.owner])).toEqual([[A, OWNER_1]])
    const history = await db.select().from(historyItems).where(eq(historyItems.chainId, 1))
    expect(history.map((h) => [h.safe, h.blockNumber])).toEqual([[A, 3]])
    expect(await db.select().from(safeUndo).where(eq(safeUndo.chainId, 1))).toEqual([])
    const [row] = await db.select().from(indexerCursors).where(eq(indexerCursors.chainId, 1))
    expect(row).toMatchObject({ blockNumber: 10, undoFrom: 10, dataVersion: 2 })
  })

  it('drops undo records the reorg window has left behind, and a rollback cannot reach them', async () => {
    const { db } = testStore()
    const store = createIndexStore(db, 2)
    const rows = (address: string) =>
      db
        .select({ blockNumber: safeUndo.blockNumber })
        .from(safeUndo)
        .where(and(eq(safeUndo.chainId, 2), eq(safeUndo.address, address)))
    const s = (nonce: number, block: number) => ({ ...safe(A, nonce, [OWNER_1], block), chainId: 2 })
    await store.commitWindow(
      window(-1, 10, [s(0, 5)], { before: [{ address: A, state: null }], keepAbove: 0 }),
    )
    await store.commitWindow(
      window(10, 20, [s(1, 15)], { before: [{ address: A, state: s(0, 5) }], keepAbove: 0 }),
    )
    // Block 0 lies inside the window that created A: back to before it.
    expect(await store.rollbackPoint(0)).toBe(-1)
    expect((await rows(A)).map((r) => r.blockNumber)).toEqual([10, 20])
    // The head moved on: nothing at or below block 12 can be undone any more.
    await store.commitWindow(
      window(20, 30, [s(2, 25)], { before: [{ address: A, state: s(1, 15) }], keepAbove: 12 }),
    )
    expect((await rows(A)).map((r) => r.blockNumber)).toEqual([20, 30])
    expect(await store.rollbackPoint(11)).toBeUndefined()
    expect(await store.rollbackPoint(12)).toBe(10)
  })
})
