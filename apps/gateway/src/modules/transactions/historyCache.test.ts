// The history page cache must change with every input of a page, not only with new history items: here a
// token's metadata arrives after the transfer was indexed (as the indexer reads it after the window's
// commit), and the transfer it hid must appear at once.
import { safeV141 } from '@concord/safe/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { historyItems, indexerCursors, safes, transfers } from '../../db/schema.ts'
import { createIndexStore } from '../../indexer/indexStore.ts'
import { createTestConfig } from '../../testing/createTestConfig.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabases.ts'

const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const TOKEN = '0x7070707070707070707070707070707070707070'
const SENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const HASH = `0x${'11'.repeat(32)}`

describe.each(testDatabaseKinds())('history cache on %s', (kind) => {
  let database: TestDatabase
  let gateway: Gateway
  const transactions = async () => {
    const res = await gateway.app.request(`/v1/chains/31337/safes/${SAFE}/transactions/history`)
    expect(res.status).toBe(200)
    const page = (await res.json()) as {
      results: { type: string; transaction?: { txInfo: { type: string } } }[]
    }
    return page.results.flatMap((r) => (r.transaction ? [r.transaction.txInfo.type] : []))
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    gateway = await createGateway(createTestConfig({ databaseUrl: database.url }))
    const { db } = gateway.store
    await db
      .insert(indexerCursors)
      .values({ chainId: 31337, blockNumber: 20, blockHash: HASH, genesisHash: HASH })
    await db.insert(safes).values({
      chainId: 31337,
      address: SAFE,
      owners: [SENDER],
      threshold: 1,
      nonce: 0,
      modules: [],
      implementation: safeV141.safeL2,
      version: '1.4.1+L2',
      creationTxHash: HASH,
      creationBlock: 1,
      updatedBlock: 1,
    })
    await db.insert(transfers).values({
      chainId: 31337,
      safe: SAFE,
      blockNumber: 2,
      logIndex: 0,
      txHash: HASH,
      timestamp: 1_700_000_000,
      type: 'ERC20',
      token: TOKEN,
      from: SENDER,
      to: SAFE,
      value: '5',
    })
    await db.insert(historyItems).values([
      {
        chainId: 31337,
        safe: SAFE,
        blockNumber: 1,
        logIndex: 0,
        kind: 'creation',
        timestamp: 1_700_000_000,
        position: 1,
      },
      {
        chainId: 31337,
        safe: SAFE,
        blockNumber: 2,
        logIndex: 0,
        kind: 'transfer',
        timestamp: 1_700_000_000,
        position: 2,
      },
    ])
  })
  afterAll(async () => {
    await gateway?.stop()
    await database?.drop()
  })

  it('a transfer hidden while its token was unknown shows once the metadata is stored', async () => {
    expect(await transactions()).toEqual(['Creation']) // cached now
    expect(await transactions()).toEqual(['Creation'])
    await createIndexStore(gateway.store.db, 31337).saveTokens([
      {
        chainId: 31337,
        address: TOKEN,
        type: 'ERC20',
        name: 'Late',
        symbol: 'LATE',
        decimals: 0,
        invalid: false,
      },
    ])
    expect(await transactions()).toEqual(['Transfer', 'Creation'])
  })
})
