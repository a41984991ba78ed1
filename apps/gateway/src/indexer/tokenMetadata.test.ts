// Reading token and NFT metadata over a stubbed RPC transport: a contract's own answer (revert, no code,
// junk) is final, a transport failure (503, timeout, rate limit) is retried with backoff on later windows.
import { HttpRequestError, TimeoutError } from 'viem'
import { describe, expect, it } from 'vitest'
import type { IndexStore } from './indexStore.ts'
import { createRetryBook, RETRY } from './tokenMetadata/retryBook.ts'
import { type EthCall, raw, rpcError, stubClient } from './tokenMetadata/testClient.ts'
import {
  enrichTokens,
  type NftMetadataRow,
  readNftMetadata,
  readTokens,
  type TokenRow,
} from './tokenMetadata.ts'

const TOKEN = '0x00000000000000000000000000000000000000bb'
const NFT = '0x00000000000000000000000000000000000000aa'
const doc = { name: 'Kitty #7', description: 'A kitty', image: 'https://img.example/7.png' }

const unavailable = () => Promise.reject(new HttpRequestError({ url: 'http://rpc', status: 503 }))
const reverted = () => Promise.reject(rpcError(3, 'execution reverted', '0x'))
const erc20 = ({ functionName }: EthCall) => ({ name: 'Good', symbol: 'GD', decimals: 6 })[functionName]

/** An index store holding `pending` tokens and NFTs until metadata is saved for them. */
function memoryStore(pending: { tokens?: string[]; nfts?: { token: string; tokenId: string }[] }) {
  const tokens = new Map<string, TokenRow>()
  const nfts = new Map<string, NftMetadataRow>()
  const store = {
    tokensWithoutMetadata: async () =>
      (pending.tokens ?? [])
        .filter((a) => !tokens.has(a))
        .map((address) => ({ address, type: 'ERC20' as const })),
    saveTokens: async (rows: TokenRow[]) => {
      for (const row of rows) tokens.set(row.address, row)
    },
    nftsWithoutMetadata: async (limit: number) =>
      (pending.nfts ?? []).filter((n) => !nfts.has(`${n.token}:${n.tokenId}`)).slice(0, limit),
    saveNftMetadata: async (rows: NftMetadataRow[]) => {
      for (const row of rows) nfts.set(`${row.token}:${row.tokenId}`, row)
    },
  }
  return { store: store as unknown as IndexStore, tokens, nfts }
}

/** A clock the test moves, and a retry book on it. */
const clock = () => {
  let now = 1_000_000
  const advance = (ms: number) => {
    now += ms
  }
  return { book: createRetryBook(() => now), advance }
}

const jsonResponse = (status: number, body: unknown = doc) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('readTokens', () => {
  it('default: name, symbol and decimals', async () => {
    const { client } = stubClient(erc20)
    expect(await readTokens(client, 1, [{ address: TOKEN, type: 'ERC20' }])).toEqual({
      rows: [
        {
          chainId: 1,
          address: TOKEN,
          type: 'ERC20',
          name: 'Good',
          symbol: 'GD',
          decimals: 6,
          logoUri: null,
          invalid: false,
        },
      ],
      deferred: [],
    })
  })

  it.each([
    ['a revert', reverted],
    ['no code (0x)', () => raw('0x')],
    ['an undecodable result', () => raw('0x01')],
  ])('behavior: %s of symbol or decimals marks the token invalid', async (_, failure) => {
    const { client } = stubClient((call) => (call.functionName === 'decimals' ? failure() : erc20(call)))
    const { rows, deferred } = await readTokens(client, 1, [{ address: TOKEN, type: 'ERC20' }])
    expect(deferred).toEqual([])
    expect(rows[0]).toMatchObject({ name: 'Good', symbol: 'GD', decimals: null, invalid: true })
  })

  it.each([
    ['503', unavailable],
    ['timeout', () => Promise.reject(new TimeoutError({ body: {}, url: 'http://rpc' }))],
    ['rate limit', () => Promise.reject(rpcError(-32005, 'limit exceeded'))],
  ])('behavior: a %s on any call defers the token, never marks it', async (_, failure) => {
    const { client } = stubClient((call) => (call.functionName === 'name' ? failure() : erc20(call)))
    const { rows, deferred } = await readTokens(client, 1, [{ address: TOKEN, type: 'ERC20' }])
    expect(rows).toEqual([])
    expect(deferred).toEqual([{ key: TOKEN, reason: expect.any(String) }])
  })

  it('behavior: hostile strings are stored cut and without NUL', async () => {
    const hostile = `A\u0000${'n'.repeat(5000)}`
    const { client } = stubClient((call) => (call.functionName === 'name' ? hostile : erc20(call)))
    const { rows } = await readTokens(client, 1, [{ address: TOKEN, type: 'ERC20' }])
    expect(rows[0]?.name).toBe(`A${'n'.repeat(255)}`)
  })
})

describe('readNftMetadata', () => {
  const nft = { token: NFT, tokenId: '7' }
  const fetchDoc = async () => jsonResponse(200)

  it('default: an http tokenURI becomes name, description and imageUri', async () => {
    const { client } = stubClient(() => 'https://meta.example/7.json')
    expect(await readNftMetadata(client, 1, nft, fetchDoc)).toEqual({
      row: {
        chainId: 1,
        token: NFT,
        tokenId: '7',
        uri: 'https://meta.example/7.json',
        name: doc.name,
        description: doc.description,
        imageUri: doc.image,
        metadata: doc,
      },
    })
  })

  it('behavior: a reverting tokenURI is stored with its error; a transport failure is retried', async () => {
    expect(await readNftMetadata(stubClient(reverted).client, 1, nft, fetchDoc)).toEqual({
      row: { chainId: 1, token: NFT, tokenId: '7', uri: null, error: 'tokenURI reverted' },
    })
    expect(await readNftMetadata(stubClient(unavailable).client, 1, nft, fetchDoc)).toEqual({
      retry: 'tokenURI',
      reason: expect.stringMatching(/HTTP request failed/),
    })
  })

  it('behavior: a 5xx document is retried, a 4xx one is stored with its error', async () => {
    const { client } = stubClient(() => 'https://meta.example/7.json')
    expect(await readNftMetadata(client, 1, nft, async () => jsonResponse(503))).toMatchObject({
      retry: 'document',
      row: { uri: 'https://meta.example/7.json', error: 'HTTP 503' },
    })
    expect(await readNftMetadata(client, 1, nft, async () => jsonResponse(404))).toMatchObject({
      row: { uri: 'https://meta.example/7.json', error: 'HTTP 404' },
    })
  })

  it('behavior: oversize fields are capped, a deeply nested document is not stored', async () => {
    const { client } = stubClient(() => 'https://meta.example/7.json')
    let nested: unknown = 'leaf'
    for (let i = 0; i < 100; i++) nested = [nested]
    const hostile = {
      name: 'x'.repeat(10_000),
      description: 'd\u0000',
      image: `data:image/svg+xml,${'a'.repeat(100_000)}`,
      nested,
    }
    const read = await readNftMetadata(client, 1, nft, async () => jsonResponse(200, hostile))
    expect(read).toMatchObject({
      row: { name: 'x'.repeat(256), description: 'd', imageUri: null, metadata: null },
    })
  })
})

describe('enrichTokens', () => {
  const silent = { log: () => {} }

  it('behavior: a 503 does not mark the token invalid; after the backoff a success stores it', async () => {
    const { store, tokens } = memoryStore({ tokens: [TOKEN] })
    const { book, advance } = clock()
    let up = false
    const { client, calls } = stubClient((call) => (up ? erc20(call) : unavailable()))
    const first = await enrichTokens(client, 1, store, undefined, { retry: book, ...silent })
    expect(first.deferred).toEqual([{ key: `token:${TOKEN}`, reason: expect.any(String) }])
    expect(tokens.size).toBe(0)
    // Within the backoff the token is not asked again.
    const asked = calls.length
    await enrichTokens(client, 1, store, undefined, { retry: book, ...silent })
    expect(calls.length).toBe(asked)
    up = true
    advance(RETRY.firstDelayMs)
    await enrichTokens(client, 1, store, undefined, { retry: book, ...silent })
    expect(tokens.get(TOKEN)).toMatchObject({ symbol: 'GD', decimals: 6, invalid: false })
  })

  it('behavior: backoff doubles after each transport failure', async () => {
    const { store } = memoryStore({ tokens: [TOKEN] })
    const { book, advance } = clock()
    const { client, calls } = stubClient(() =>
      Promise.reject(new TimeoutError({ body: {}, url: 'http://rpc' })),
    )
    const attempts = async (waits: number[]) => {
      const seen: number[] = []
      for (const wait of waits) {
        advance(wait)
        await enrichTokens(client, 1, store, undefined, { retry: book, ...silent })
        seen.push(calls.length)
      }
      return seen
    }
    const d = RETRY.firstDelayMs
    // Tried at 0, then not before d, then not before 2d more, then 4d more.
    expect(await attempts([0, d - 1, 1, 2 * d - 1, 1, 4 * d - 1, 1])).toEqual([3, 3, 6, 6, 9, 9, 12])
  })

  it('behavior: a revert marks the token invalid once, and it is never asked again', async () => {
    const { store, tokens } = memoryStore({ tokens: [TOKEN] })
    const { client, calls } = stubClient(reverted)
    await enrichTokens(client, 1, store, undefined, silent)
    expect(tokens.get(TOKEN)).toMatchObject({ invalid: true, symbol: null })
    const asked = calls.length
    expect(asked).toBe(3)
    await enrichTokens(client, 1, store, undefined, silent)
    await enrichTokens(client, 1, store, undefined, silent)
    expect(calls.length).toBe(asked)
  })

  it('behavior: an NFT whose tokenURI call times out is retried, then stored', async () => {
    const { store, nfts } = memoryStore({ nfts: [{ token: NFT, tokenId: '7' }] })
    const { book, advance } = clock()
    let up = false
    const { client } = stubClient(() => (up ? 'https://meta.example/7.json' : unavailable()))
    const fetchDoc = async () => jsonResponse(200)
    const first = await enrichTokens(client, 1, store, fetchDoc, { retry: book, ...silent })
    expect(first).toMatchObject({ nfts: 0, deferred: [{ key: `nft:${NFT}:7` }] })
    up = true
    advance(RETRY.firstDelayMs)
    await enrichTokens(client, 1, store, fetchDoc, { retry: book, ...silent })
    expect(nfts.get(`${NFT}:7`)).toMatchObject({ name: doc.name, imageUri: doc.image })
  })

  it('behavior: a document host failing with 5xx is retried a bounded number of times, then its error stored', async () => {
    const { store, nfts } = memoryStore({ nfts: [{ token: NFT, tokenId: '7' }] })
    const { book, advance } = clock()
    const { client } = stubClient(() => 'https://meta.example/7.json')
    let requests = 0
    const failing = async () => {
      requests++
      return jsonResponse(502)
    }
    for (let i = 0; i < RETRY.documentAttempts + 3; i++) {
      await enrichTokens(client, 1, store, failing, { retry: book, ...silent })
      advance(RETRY.maxDelayMs)
    }
    expect(requests).toBe(RETRY.documentAttempts)
    expect(nfts.get(`${NFT}:7`)).toMatchObject({ uri: 'https://meta.example/7.json', error: 'HTTP 502' })
  })

  it('behavior: NFTs waiting for a retry do not hide the others; a node that is down ends the round', async () => {
    const pending = Array.from({ length: 120 }, (_, i) => ({ token: NFT, tokenId: String(i) }))
    const { store, nfts } = memoryStore({ nfts: pending })
    const { book } = clock()
    // Token ids below 60 have a broken tokenURI host; the rest are fine.
    const { client } = stubClient(({ args }) => `https://meta.example/${args[0]}.json`)
    const fetchDoc = async (input: string | URL | Request) =>
      jsonResponse(Number(String(input).match(/(\d+)\.json$/)?.[1]) < 60 ? 503 : 200)
    const summary = await enrichTokens(client, 1, store, fetchDoc, { retry: book, ...silent })
    expect(summary.deferred).toHaveLength(60)
    expect(nfts.size).toBe(60)
    // With the node down, one round of tokenURI calls fails and the rest wait for the next window.
    const down = memoryStore({ nfts: pending })
    const broken = stubClient(unavailable)
    const logged: string[] = []
    const result = await enrichTokens(broken.client, 1, down.store, fetchDoc, { log: (m) => logged.push(m) })
    expect(broken.calls).toHaveLength(50)
    expect(result.deferred).toHaveLength(50)
    expect(logged).toEqual([
      expect.stringMatching(/^token metadata on chain 1: 50 read\(s\) deferred after transport errors/),
    ])
  })
})
