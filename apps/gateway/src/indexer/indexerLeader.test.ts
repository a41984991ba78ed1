// Leader election between two "processes" on one PostgreSQL: exactly one holds each chain; when the leader's
// session ends, the follower takes over within its retry interval. Runs only with TEST_DATABASE_URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, type TestDatabase } from '../testing/testDatabases.ts'
import { electIndexerLeaders, type IndexerLeadership } from './indexerLeader.ts'

describe.skipIf(!process.env.TEST_DATABASE_URL)('indexer leader election', () => {
  let database: TestDatabase
  const all: IndexerLeadership[] = []
  beforeAll(async () => {
    database = await createTestDatabase('postgres')
  })
  afterAll(async () => {
    await Promise.all(all.map((l) => l.stop()))
    await database?.drop()
  })
  const elect = (events: string[], name: string) => {
    const l = electIndexerLeaders({
      connectionString: database.url,
      chainIds: [1, 2],
      retryMs: 100,
      onElected: (id) => events.push(`${name} elected ${id}`),
      onDeposed: async (id) => {
        events.push(`${name} deposed ${id}`)
      },
      log: () => {},
    })
    all.push(l)
    return l
  }

  it('default: one leader per chain; the other takes over when it stops', async () => {
    const events: string[] = []
    const first = elect(events, 'a')
    await expect.poll(() => first.leading().sort()).toEqual([1, 2])
    const second = elect(events, 'b')
    await new Promise((r) => setTimeout(r, 400)) // several attempts of the follower
    expect(second.leading()).toEqual([])
    const stopped = Date.now()
    await first.stop()
    await expect.poll(() => second.leading().sort()).toEqual([1, 2])
    expect(Date.now() - stopped).toBeLessThan(2000)
    expect(events.filter((e) => e.includes('elected')).sort()).toEqual([
      'a elected 1',
      'a elected 2',
      'b elected 1',
      'b elected 2',
    ])
  })
})
