// bulkInsert's two paths (COPY in a PGlite transaction, unnest elsewhere) store the same values, and both skip
// rows that conflict with stored ones.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { testDatabaseKinds, useTestStore } from '../testing/testDatabases.ts'
import { bulkInsert } from './bulkInsert.ts'
import { pgliteClientOf } from './copyRows.ts'
import { logs, nftMetadata, transfers } from './schema.ts'

const MAX_UINT256 = (2n ** 256n - 1n).toString()
const awkward = 'tab\there\nline\\back "quoted" {braced,comma} NULL é'
/** Array elements: the unnest path sends arrays comma-joined (hex never holds a comma). */
const element = 'tab\there\nline\\back "quoted" {braced} NULL é'

describe.each(testDatabaseKinds())('bulkInsert on %s', (kind) => {
  const testStore = useTestStore(kind)

  it('takes the COPY path exactly in a PGlite transaction', async () => {
    await testStore().db.transaction(async (tx) => {
      expect(pgliteClientOf(tx) !== undefined).toBe(kind === 'pglite')
    })
  })

  it('stores 64- and 32-bit integers exactly, across the 32-bit halves and signs', async () => {
    const numbers = [-(2 ** 53) + 1, -(2 ** 32), -1, 0, 2 ** 31, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1]
    const rows = numbers.map((blockNumber, i) => ({
      chainId: 8,
      blockNumber,
      logIndex: [-(2 ** 31), -1, 0, 2 ** 31 - 1][i % 4] as number,
      txHash: '0xab',
      address: '0x01',
      topics: [],
      data: '0x',
    }))
    await testStore().db.transaction((tx) => bulkInsert(tx, logs, rows))
    const stored = await testStore()
      .db.select()
      .from(logs)
      .where(eq(logs.chainId, 8))
      .orderBy(logs.blockNumber)
    expect(stored.map((r) => [r.blockNumber, r.logIndex])).toEqual(
      rows.map((r) => [r.blockNumber, r.logIndex]),
    )
  })

  it('stores text, arrays, bytes (hex), nulls and json as given, and skips conflicting rows', async () => {
    const row = (logIndex: number, data: string) => ({
      chainId: 7,
      blockNumber: 1,
      logIndex,
      txHash: '0xab',
      address: awkward,
      topics: ['0x01', element, '', 'NULL'],
      data,
    })
    await testStore().db.transaction((tx) => bulkInsert(tx, logs, [row(0, '0x00ff7f'), row(1, '0x')]))
    // One conflicting row: the whole batch falls back to the insert that skips it.
    await testStore().db.transaction((tx) => bulkInsert(tx, logs, [row(1, '0x01'), row(2, '0xab')]))
    const stored = await testStore().db.select().from(logs).where(eq(logs.chainId, 7)).orderBy(logs.logIndex)
    expect(stored).toEqual([row(0, '0x00ff7f'), row(1, '0x'), row(2, '0xab')])
    // Bytes that are not hex are refused, not cut short.
    await expect(
      testStore().db.transaction((tx) => bulkInsert(tx, logs, [row(3, '0x12zz')])),
    ).rejects.toThrow()

    const metadata = { name: awkward, nested: { list: [1, null, 'x\ty'] } }
    await testStore().db.transaction((tx) =>
      bulkInsert(tx, nftMetadata, [
        { chainId: 7, token: '0xt', tokenId: '1', uri: null, metadata, error: null },
        { chainId: 7, token: '0xt', tokenId: '2', uri: awkward, metadata: null, error: 'x' },
      ]),
    )
    const nfts = await testStore()
      .db.select()
      .from(nftMetadata)
      .where(and(eq(nftMetadata.chainId, 7), eq(nftMetadata.token, '0xt')))
      .orderBy(nftMetadata.tokenId)
    expect(nfts.map((n) => [n.uri, n.metadata, n.error])).toEqual([
      [null, metadata, null],
      [awkward, null, 'x'],
    ])
  })

  it('stores integer numerics exactly (COPY sends them as base-10,000 digits)', async () => {
    const values = ['0', '1', '9999', '10000', '100000000', '12345678', '1000000000000000000', MAX_UINT256]
    const row = (logIndex: number, value: string) => ({
      chainId: 7,
      safe: '0xsafe',
      blockNumber: 1,
      logIndex,
      txHash: '0xab',
      timestamp: 1,
      type: 'ERC20' as const,
      token: null,
      from: '0xf',
      to: '0xt',
      value,
      tokenId: logIndex % 2 ? null : value,
    })
    const rows = values.map((v, i) => row(i, v))
    await testStore().db.transaction((tx) => bulkInsert(tx, transfers, rows))
    const stored = await testStore()
      .db.select()
      .from(transfers)
      .where(eq(transfers.chainId, 7))
      .orderBy(transfers.logIndex)
    expect(stored).toEqual(rows)
  })
})
