// The collectibles routes on a hand-built index: only the Safe's own NFTs, paged and counted in the database,
// ordered by token address then numeric token id, spam and invalid tokens hidden by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../createApp.ts'
import { createDatabase, type Store } from '../../db/createDatabase.ts'
import { nftMetadata, safes, tokens, transfers } from '../../db/schema.ts'
import { createTestConfig } from '../../testing/createTestConfig.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabases.ts'
import { createChainsRepository } from '../chains/chains.repository.ts'

const SAFE = '0x1000000000000000000000000000000000000001'
const OTHER = '0x2000000000000000000000000000000000000002'
const STRANGER = '0x3000000000000000000000000000000000000003'
const KITTY = '0xAaaaAAAaAaAAaaaaaaAAAaaaAaaaAaAaAAAAAAa1'
const PUNK = '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBb2'
const BROKEN = '0xCcCcCcccCCCCccccccCCCCccCCcCccccccCCccC3'
const SPAM = '0xdDdDDDDddDdDdDDdDDDDdDDDdDDDddDDdDdddDD4'

let block = 0
const nftTransfer = (safe: string, token: string, tokenId: string, direction: 'in' | 'out') => ({
  chainId: 31337,
  safe,
  blockNumber: ++block,
  logIndex: 0,
  txHash: `0x${block.toString(16).padStart(64, '0')}`,
  timestamp: 1_700_000_000 + block,
  type: 'ERC721' as const,
  token,
  from: direction === 'in' ? STRANGER : safe,
  to: direction === 'in' ? safe : STRANGER,
  value: null,
  tokenId,
})
const safeRow = (address: string) => ({
  chainId: 31337,
  address,
  owners: [STRANGER],
  threshold: 1,
  nonce: 0,
  modules: [],
  implementation: STRANGER,
  creationTxHash: `0x${'00'.repeat(32)}`,
  creationBlock: 0,
  updatedBlock: 0,
})
const tokenRow = (address: string, name: string, invalid = false) => ({
  chainId: 31337,
  address,
  type: 'ERC721' as const,
  name,
  symbol: name.toUpperCase().slice(0, 4),
  invalid,
})
const meta = (token: string, tokenId: string) => ({
  chainId: 31337,
  token,
  tokenId,
  uri: `https://meta.example/${tokenId}.json`,
  name: `${token.slice(0, 6)} #${tokenId}`,
  description: null,
  imageUri: `https://meta.example/${tokenId}.png`,
  metadata: { name: `#${tokenId}` },
})

describe.each(testDatabaseKinds())('collectibles routes on %s', (kind) => {
  let database: TestDatabase
  let store: Store
  let app: ReturnType<typeof createApp>
  const get = async (path: string) => {
    const res = await app.request(path)
    return { status: res.status, body: (await res.json()) as any }
  }
  const v1 = (query = '') => get(`/v1/chains/31337/safes/${SAFE}/collectibles${query}`)
  const v2 = (query = '') => get(`/v2/chains/31337/safes/${SAFE}/collectibles${query}`)
  const ids = (list: { address: string; id: string }[]) => list.map((c) => `${c.address.slice(0, 4)}:${c.id}`)

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    store = await createDatabase({ databaseUrl: database.url })
    const config = createTestConfig({
      databaseUrl: database.url,
      chains: [{ chainId: 31337, name: 'Devnet', devnet: true, spamTokens: [SPAM.toLowerCase()] }],
    })
    await createChainsRepository(store.db).sync(config.chains)
    app = createApp({ store })
    await store.db.insert(safes).values([safeRow(SAFE), safeRow(OTHER)])
    await store.db.insert(transfers).values([
      // Kitty 2, 9 and 10 come in; 4 comes in and leaves again.
      ...['10', '2', '9', '4'].map((id) => nftTransfer(SAFE, KITTY, id, 'in')),
      nftTransfer(SAFE, KITTY, '4', 'out'),
      // A punk whose metadata has not been read yet, a broken and a spam token.
      nftTransfer(SAFE, PUNK, '1', 'in'),
      nftTransfer(SAFE, BROKEN, '1', 'in'),
      nftTransfer(SAFE, SPAM, '1', 'in'),
      // Another Safe's kitties.
      ...['5', '6'].map((id) => nftTransfer(OTHER, KITTY, id, 'in')),
    ])
    await store.db
      .insert(tokens)
      .values([tokenRow(KITTY, 'Kitties'), tokenRow(BROKEN, 'Broken', true), tokenRow(SPAM, 'Spam')])
    await store.db
      .insert(nftMetadata)
      .values([...['2', '9', '10', '4', '5', '6'].map((id) => meta(KITTY, id)), meta(BROKEN, '1')])
  })
  afterAll(async () => {
    await store?.close()
    await database?.drop()
  })

  it('v1: the Safe NFTs by token then numeric id, with their metadata', async () => {
    const { status, body } = await v1()
    expect(status).toBe(200)
    expect(ids(body)).toEqual(['0xAa:2', '0xAa:9', '0xAa:10', '0xbB:1'])
    expect(body[0]).toEqual({
      address: KITTY,
      tokenName: 'Kitties',
      tokenSymbol: 'KITT',
      logoUri: '',
      id: '2',
      uri: 'https://meta.example/2.json',
      name: '0xAaaa #2',
      description: null,
      imageUri: 'https://meta.example/2.png',
      metadata: { name: '#2' },
    })
    // Not described yet: empty token names, null metadata.
    expect(body[3]).toMatchObject({
      address: PUNK,
      tokenName: '',
      tokenSymbol: '',
      uri: null,
      metadata: null,
    })
  })

  it('args: exclude_spam=false shows invalid and listed spam tokens', async () => {
    expect(ids((await v1('?exclude_spam=false')).body)).toEqual([
      '0xAa:2',
      '0xAa:9',
      '0xAa:10',
      '0xbB:1',
      '0xCc:1',
      '0xdD:1',
    ])
    expect((await v2('?exclude_spam=false')).body.count).toBe(6)
  })

  it('v2: pages counted and cut in the database, with next/previous links', async () => {
    const cursor = (limit: number, offset: number) =>
      `?cursor=${encodeURIComponent(`limit=${limit}&offset=${offset}`)}`
    const first = (await v2(cursor(2, 0))).body
    expect(first.count).toBe(4)
    expect(ids(first.results)).toEqual(['0xAa:2', '0xAa:9'])
    expect(first.next).toMatch(/cursor=limit%3D2%26offset%3D2$/)
    expect(first.previous).toBeNull()
    const second = (await v2(cursor(2, 2))).body
    expect(ids(second.results)).toEqual(['0xAa:10', '0xbB:1'])
    expect(second.next).toBeNull()
    expect(second.previous).toMatch(/cursor=limit%3D2%26offset%3D0$/)
    const past = (await v2(cursor(2, 40))).body
    expect(past).toMatchObject({ count: 4, next: null, results: [] })
    // No cursor: the default page.
    expect((await v2()).body).toMatchObject({ count: 4, next: null, previous: null })
  })

  it('another Safe sees only its own NFTs', async () => {
    const { body } = await get(`/v1/chains/31337/safes/${OTHER}/collectibles`)
    expect(ids(body)).toEqual(['0xAa:5', '0xAa:6'])
  })

  it.each([
    [`/v1/chains/31337/safes/${STRANGER}/collectibles`, 404],
    [`/v2/chains/5/safes/${SAFE}/collectibles`, 404],
    ['/v2/chains/31337/safes/0x1234/collectibles', 422],
  ])('error: %s answers %i with {code, message}', async (path, status) => {
    const res = await get(path)
    expect(res.status).toBe(status)
    expect(res.body).toMatchObject({ code: status, message: expect.any(String) })
  })
})
