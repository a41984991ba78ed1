// What is stored from hostile contracts and documents: cut to size, storable by PostgreSQL (checked against
// the real tables), and shallow enough to serialise.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createDatabase, type Store } from '../../db/createDatabase.ts'
import { nftMetadata, tokens } from '../../db/schema.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../testing/testDatabases.ts'
import { cappedText, cappedUrl, STORED_LIMITS, storable, storedDocument } from './storedMetadata.ts'

describe('storedMetadata', () => {
  it('storable: no NUL, lone surrogates replaced, pairs kept', () => {
    expect(storable('a\u0000b')).toBe('ab')
    expect(storable('x\ud800y\udc00z')).toBe('x\ufffdy\ufffdz')
    expect(storable('😀')).toBe('😀')
  })

  it('cappedText: cut on a code point, null for empty or non-strings', () => {
    expect(cappedText('abcdef', 3)).toBe('abc')
    expect(cappedText('😀😀😀', 2)).toBe('😀😀')
    expect(cappedText('', 3)).toBeNull()
    expect(cappedText(42, 3)).toBeNull()
    expect(cappedText('\u0000', 3)).toBeNull()
  })

  it('cappedUrl: whole or nothing', () => {
    expect(cappedUrl('https://a.example/1.png', 100)).toBe('https://a.example/1.png')
    expect(cappedUrl(`data:image/svg+xml,${'a'.repeat(100)}`, 100)).toBeNull()
    expect(cappedUrl({}, 100)).toBeNull()
  })

  it('storedDocument: too deep or too large is null; strings and keys cleaned', () => {
    let deep: unknown = 1
    for (let i = 0; i <= STORED_LIMITS.depth; i++) deep = { a: deep }
    expect(storedDocument({ deep })).toBeNull()
    expect(storedDocument({ big: 'x'.repeat(STORED_LIMITS.metadata) })).toBeNull()
    expect(storedDocument({ 'k\u0000': ['v\u0000', { n: 1, b: true, z: null }] })).toEqual({
      k: ['v', { n: 1, b: true, z: null }],
    })
  })
})

describe.each(testDatabaseKinds())('storedMetadata on %s', (kind) => {
  let database: TestDatabase
  let store: Store
  beforeAll(async () => {
    database = await createTestDatabase(kind)
    store = await createDatabase({ databaseUrl: database.url })
  })
  afterAll(async () => {
    await store?.close()
    await database?.drop()
  })

  it('behavior: hostile strings, once cleaned, are accepted by text and jsonb columns', async () => {
    const hostile = 'bad\u0000name\ud800'
    await store.db.insert(tokens).values({
      chainId: 1,
      address: '0x00000000000000000000000000000000000000bb',
      type: 'ERC20',
      name: cappedText(hostile, STORED_LIMITS.tokenName),
      symbol: cappedText(hostile, STORED_LIMITS.tokenSymbol),
    })
    await store.db.insert(nftMetadata).values({
      chainId: 1,
      token: '0x00000000000000000000000000000000000000aa',
      tokenId: '1',
      name: cappedText(hostile, STORED_LIMITS.name),
      metadata: storedDocument({ [hostile]: [hostile, { nested: hostile }] }),
    })
    const [row] = await store.db.select().from(nftMetadata)
    expect(row?.name).toBe('badname\ufffd')
    expect(row?.metadata).toEqual({ 'badname\ufffd': ['badname\ufffd', { nested: 'badname\ufffd' }] })
  })
})
