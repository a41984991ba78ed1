// Reading the calls a watched Safe's backfill left pending: newest first a page at a time, each page stored with
// its rows no longer pending and the chain's data version bumped (cached history pages are keyed by it), until
// none is left or the slice's deadline passes.
import { and, eq } from 'drizzle-orm'
import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { indexerCursors, multisigTransactions } from '../db/schema.ts'
import { testDatabaseKinds, useTestStore } from '../testing/testDatabases.ts'
import type { ExecutionResolver } from './executionParams.ts'
import { createIndexStore } from './indexStore.ts'
import { createPendingParams } from './pendingParams.ts'
import { type MultisigRow, UNKNOWN_PARAMS } from './rows.ts'

const CHAIN = 5
const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const OTHER = '0x1234567890123456789012345678901234567890'
const HASH = `0x${'ab'.repeat(32)}` as Hex

const execution = (safe: string, blockNumber: number): MultisigRow => ({
  chainId: CHAIN,
  safe,
  safeTxHash: `0x${blockNumber.toString(16).padStart(64, '0')}`,
  nonce: blockNumber,
  ...UNKNOWN_PARAMS,
  signatures: null,
  executor: null,
  threshold: 1,
  owners: [OTHER],
  paramsSource: null,
  paramsPending: true,
  success: true,
  txHash: HASH,
  blockNumber,
  logIndex: 0,
  timestamp: blockNumber,
})

/** A node stand-in: each execution's call is "read" as a transfer to the Safe it belongs to (blockNumber wei). */
const reader = (asked: number[][]): ExecutionResolver =>
  ({
    async resolve(multisig: MultisigRow[]) {
      asked.push(multisig.map((r) => r.blockNumber))
      for (const row of multisig)
        Object.assign(row, { to: row.safe, value: String(row.blockNumber), data: '0x' })
      return multisig.length
    },
  }) as unknown as ExecutionResolver

describe.each(testDatabaseKinds())('pending calls on %s', (kind) => {
  const testStore = useTestStore(kind)

  it('reads them newest first a page at a time, bumping the data version with each page', async () => {
    const { db } = testStore()
    await createIndexStore(db, CHAIN).saveCursor({ blockNumber: 100, blockHash: HASH, genesisHash: HASH })
    // 25 pending executions of one Safe, one of another, and one already read (never asked again).
    const rows = [
      ...Array.from({ length: 25 }, (_, i) => execution(SAFE, i + 1)),
      execution(OTHER, 50),
      {
        ...execution(SAFE, 60),
        paramsPending: false,
        to: OTHER,
        value: '0',
        data: '0x',
        paramsSource: 'event',
      },
    ]
    await db.insert(multisigTransactions).values(rows as MultisigRow[])
    const dataVersion = async () =>
      (await db.select().from(indexerCursors).where(eq(indexerCursors.chainId, CHAIN)))[0]?.dataVersion
    const stillPending = async () =>
      (
        await db
          .select({ block: multisigTransactions.blockNumber })
          .from(multisigTransactions)
          .where(and(eq(multisigTransactions.chainId, CHAIN), eq(multisigTransactions.paramsPending, true)))
      )
        .map((r) => r.block)
        .sort((a, b) => a - b)
    const asked: number[][] = []
    const pending = createPendingParams({ db, chainId: CHAIN, executions: reader(asked) })
    const before = await dataVersion()
    const pages: string[][] = []

    // A deadline already past: one page, the 20 newest, and more left.
    expect(await pending.run(0, (safes) => pages.push([...safes]))).toBe(true)
    expect(asked).toEqual([[50, 25, 24, 23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7]])
    expect(pages).toEqual([[OTHER, SAFE]])
    expect(await stillPending()).toEqual([1, 2, 3, 4, 5, 6])
    expect(await dataVersion()).toBe((before ?? 0) + 1)
    const [read] = await db
      .select()
      .from(multisigTransactions)
      .where(and(eq(multisigTransactions.chainId, CHAIN), eq(multisigTransactions.blockNumber, 25)))
    expect(read).toMatchObject({ to: SAFE, value: '25', data: '0x', paramsPending: false })

    // Time enough: the rest, then nothing pending (no empty page, no bump for it).
    expect(await pending.run(Date.now() + 60_000, (safes) => pages.push([...safes]))).toBe(false)
    expect(asked.slice(1)).toEqual([[6, 5, 4, 3, 2, 1]])
    expect(pages).toEqual([[OTHER, SAFE], [SAFE]])
    expect(await stillPending()).toEqual([])
    expect(await dataVersion()).toBe((before ?? 0) + 2)
    expect(await pending.run(Date.now() + 60_000, () => {})).toBe(false)
    expect(await dataVersion()).toBe((before ?? 0) + 2)
  })
})
