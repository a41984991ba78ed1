// tokenURI documents: data: URIs decoded inline, http(s) read from a local server with the timeout and size
// cap, and every way a document can be unusable.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchMetadataDocument, METADATA_FETCH, readNftMetadata, readTokens } from './tokenMetadata.ts'

const doc = { name: 'Token #1', description: 'A test token', image: 'https://img.example/1.png' }
let server: Server
let base: string
const requests: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '')
    switch (req.url) {
      case '/ok.json':
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc))
        return
      case '/array.json':
        res.writeHead(200, { 'content-type': 'application/json' }).end('[1, 2, 3]')
        return
      case '/null.json':
        res.writeHead(200, { 'content-type': 'application/json' }).end('null')
        return
      case '/declared-big.json': {
        // Content-Length over the cap: refused before the body is read.
        const body = JSON.stringify({ name: 'x'.repeat(METADATA_FETCH.maxBytes) })
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) })
        res.end(body)
        return
      }
      case '/streamed-big.json': {
        // No Content-Length (chunked): the cap applies while reading.
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('{"name":"')
        const chunk = 'x'.repeat(16 * 1024)
        let sent = 0
        const more = () => {
          if (res.destroyed) return
          if (sent > METADATA_FETCH.maxBytes * 2) return void res.end('"}')
          sent += chunk.length
          res.write(chunk, more)
        }
        more()
        return
      }
      case '/hang.json':
        return // never answers
      default:
        res.writeHead(404).end('not found')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const base64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64')

describe('fetchMetadataDocument', () => {
  it('data: a base64 JSON document', async () => {
    await expect(fetchMetadataDocument(`data:application/json;base64,${base64(doc)}`)).resolves.toEqual(doc)
  })

  it('data: a percent-encoded JSON document', async () => {
    const uri = `data:application/json,${encodeURIComponent(JSON.stringify(doc))}`
    await expect(fetchMetadataDocument(uri)).resolves.toEqual(doc)
    // Plain (unencoded) JSON is accepted too.
    await expect(fetchMetadataDocument('data:application/json;utf8,{"name":"plain"}')).resolves.toEqual({
      name: 'plain',
    })
  })

  it('data: malformed URI or non-object document is refused', async () => {
    await expect(fetchMetadataDocument('data:application/json')).rejects.toThrow('malformed data: URI')
    await expect(fetchMetadataDocument(`data:application/json;base64,${base64([1])}`)).rejects.toThrow(
      'metadata is not an object',
    )
    await expect(fetchMetadataDocument('data:application/json,{oops')).rejects.toThrow(SyntaxError)
  })

  it('http: a 200 JSON document from the server', async () => {
    await expect(fetchMetadataDocument(`${base}/ok.json`)).resolves.toEqual(doc)
    expect(requests).toContain('/ok.json')
  })

  it('http: a 404 is an error naming the status', async () => {
    await expect(fetchMetadataDocument(`${base}/gone.json`)).rejects.toThrow('HTTP 404')
  })

  it('http: a document over the size cap, declared by Content-Length or streamed', async () => {
    await expect(fetchMetadataDocument(`${base}/declared-big.json`)).rejects.toThrow(
      'metadata document too large',
    )
    await expect(fetchMetadataDocument(`${base}/streamed-big.json`)).rejects.toThrow(
      'metadata document too large',
    )
    // A smaller cap given as a limit applies the same way.
    await expect(
      fetchMetadataDocument(`${base}/ok.json`, fetch, { timeoutMs: 5_000, maxBytes: 10 }),
    ).rejects.toThrow('metadata document too large')
  })

  it('http: JSON that is not an object is refused', async () => {
    await expect(fetchMetadataDocument(`${base}/array.json`)).rejects.toThrow('metadata is not an object')
    await expect(fetchMetadataDocument(`${base}/null.json`)).rejects.toThrow('metadata is not an object')
  })

  it('unsupported schemes are refused without a request', async () => {
    const before = requests.length
    await expect(fetchMetadataDocument('ipfs://bafybeigdyrzt/1.json')).rejects.toThrow(
      'unsupported URI scheme: ipfs',
    )
    await expect(fetchMetadataDocument('ar://abc')).rejects.toThrow('unsupported URI scheme: ar')
    expect(requests.length).toBe(before)
  })

  it('http: a server that never answers times out', async () => {
    const started = performance.now()
    await expect(
      fetchMetadataDocument(`${base}/hang.json`, fetch, { timeoutMs: 200, maxBytes: 1024 }),
    ).rejects.toThrow(/abort|timeout/i)
    const elapsed = performance.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(150)
    expect(elapsed).toBeLessThan(3_000)
  })

  it('default limits are METADATA_FETCH (5 s, 256 KiB)', () => {
    expect(METADATA_FETCH).toEqual({ timeoutMs: 5_000, maxBytes: 256 * 1024 })
  })
})

/** A client whose readContract answers from a table (or throws for a missing function). */
const stubClient = (answers: Record<string, unknown>) =>
  ({
    readContract: async ({ functionName }: { functionName: string }) => {
      if (!(functionName in answers)) throw new Error(`${functionName} reverted`)
      return answers[functionName]
    },
  }) as unknown as PublicClient

describe('readNftMetadata / readTokens', () => {
  const nft = { token: '0x00000000000000000000000000000000000000aa', tokenId: '7' }

  it('an http tokenURI becomes name, description and imageUri', async () => {
    const row = await readNftMetadata(stubClient({ tokenURI: `${base}/ok.json` }), 1, nft)
    expect(row).toEqual({
      chainId: 1,
      token: nft.token,
      tokenId: '7',
      uri: `${base}/ok.json`,
      name: doc.name,
      description: doc.description,
      imageUri: doc.image,
      metadata: doc,
    })
  })

  it('a reverting tokenURI or an unreadable document is stored with its error', async () => {
    expect(await readNftMetadata(stubClient({}), 1, nft)).toEqual({
      chainId: 1,
      token: nft.token,
      tokenId: '7',
      uri: null,
      error: 'tokenURI reverted',
    })
    const row = await readNftMetadata(stubClient({ tokenURI: `${base}/gone.json` }), 1, nft)
    expect(row).toMatchObject({ uri: `${base}/gone.json`, error: 'HTTP 404' })
    expect(row.name).toBeUndefined()
  })

  it('a token whose symbol or decimals cannot be read is invalid', async () => {
    const address = '0x00000000000000000000000000000000000000bb'
    const [good] = await readTokens(stubClient({ name: 'Good', symbol: 'GD', decimals: 6 }), 1, [
      { address, type: 'ERC20' },
    ])
    expect(good).toMatchObject({ name: 'Good', symbol: 'GD', decimals: 6, invalid: false })
    const [broken] = await readTokens(stubClient({ name: 'Broken', symbol: 'BRK' }), 1, [
      { address, type: 'ERC20' },
    ])
    expect(broken).toMatchObject({ name: 'Broken', decimals: null, invalid: true })
    // ERC721 needs no decimals; the native coin and address-less rows are skipped.
    const rows = await readTokens(stubClient({ symbol: 'NFT' }), 1, [
      { address, type: 'ERC721' },
      { address: null, type: 'NATIVE_COIN' },
    ])
    expect(rows).toEqual([
      {
        chainId: 1,
        address,
        type: 'ERC721',
        name: null,
        symbol: 'NFT',
        decimals: null,
        logoUri: null,
        invalid: false,
      },
    ])
  })
})
