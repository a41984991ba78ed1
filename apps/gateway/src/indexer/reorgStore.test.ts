// The input of a reorg's replay: the logs of the Safes touched above the fork point, with the ProxyCreation
// that made each of them, whether the proxy is its indexed topic (1.4.1) or its data's first word (1.3.0).
import { type Hex, pad } from 'viem'
import { describe, expect, it } from 'vitest'
import { bulkInsert } from '../db/bulkInsert.ts'
import { logs } from '../db/schema.ts'
import { testDatabaseKinds, useTestStore } from '../testing/testDatabases.ts'
import { PROXY_CREATION_TOPIC } from './events.ts'
import { createReorgStore } from './reorgStore.ts'

const SAFE_A = '0x5afe3855358e112b5647b952709e6165e1c1eeee'
const SAFE_B = '0x1234567890123456789012345678901234567890'
const OTHER = '0x00000000000000000000000000000000000000aa'
const FACTORY = '0x4e1dcf7ad4e460cfd30791ccc4f9c8a4f820ec67'
const TOPIC = `0x${'11'.repeat(32)}` as Hex
const log = (blockNumber: number, address: string, topics: Hex[], data: Hex) => ({
  chainId: 1,
  blockNumber,
  logIndex: 0,
  txHash: `0x${'ab'.repeat(32)}`,
  address,
  topics,
  data,
})

describe.each(testDatabaseKinds())('replayInput on %s', (kind) => {
  const testStore = useTestStore(kind)

  it('finds the ProxyCreation of each touched Safe, by topic or by data', async () => {
    const rows = [
      // 1.3.0: proxy and singleton in the data.
      log(1, FACTORY, [PROXY_CREATION_TOPIC], `${pad(SAFE_A)}${pad(OTHER).slice(2)}`),
      // 1.4.1: the proxy indexed.
      log(2, FACTORY, [PROXY_CREATION_TOPIC, pad(SAFE_B)], pad(OTHER)),
      // Another proxy's creation, and a log of a Safe nothing touches above the fork.
      log(3, FACTORY, [PROXY_CREATION_TOPIC], `${pad(OTHER)}${pad(OTHER).slice(2)}`),
      log(4, SAFE_A, [TOPIC], '0x'),
      log(6, SAFE_A, [TOPIC], '0x01'),
      log(7, SAFE_B, [TOPIC], '0x02'),
    ]
    await testStore().db.transaction((tx) => bulkInsert(tx, logs, rows))
    const { affected, remaining } = await createReorgStore(testStore().db, 1).replayInput(5)
    expect(affected.map((a) => a.toLowerCase()).sort()).toEqual([SAFE_B, SAFE_A].sort())
    expect(remaining.map((l) => [l.blockNumber, l.data])).toEqual([
      [1, rows[0]?.data],
      [2, rows[1]?.data],
      [4, '0x'],
    ])
  })
})
