import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Store } from '../../db/createDatabase.ts'
import { createTestConfig } from '../../testing/createTestConfig.ts'
import { type ChainsRepository, createChainsRepository } from './chains.repository.ts'

describe('chains repository cache', () => {
  let store: Store
  let chains: ChainsRepository

  beforeAll(async () => {
    store = await createDatabase({ databaseUrl: 'pglite:memory' })
    chains = createChainsRepository(store.db)
    await chains.sync(createTestConfig({ chains: [{ chainId: 1 }, { chainId: 31337 }] }).chains)
  })
  afterAll(() => store?.close())

  it('default: a served chain is read once and cached', async () => {
    expect((await chains.get(31337))?.chainId).toBe(31337)
    expect(chains.cachedIds()).toEqual([31337])
  })

  it('behavior: unknown chain ids are never cached, however many a client asks for', async () => {
    for (let id = 100; id < 1100; id++) expect(await chains.get(id)).toBeUndefined()
    expect(await chains.get(Number.MAX_SAFE_INTEGER + 2)).toBeUndefined()
    expect(await chains.get(-1)).toBeUndefined()
    expect(chains.cachedIds()).toEqual([31337])
    expect((await chains.get(1))?.chainId).toBe(1)
    expect(chains.cachedIds().sort()).toEqual([1, 31337])
  })
})
