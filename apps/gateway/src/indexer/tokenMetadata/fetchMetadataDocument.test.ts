// tokenURI documents: data: URIs decoded inline, http(s) read from a local server with the timeout and size
// cap, and every way a document can be unusable, each final or worth a retry.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchMetadataDocument, METADATA_FETCH, MetadataDocumentError } from './fetchMetadataDocument.ts'

const doc = { name: 'Token #1', description: 'A test token', image: 'https://img.example/1.png' }
let server: Server
let base: string
const requests: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '')
    const status = req.url?.match(/^\/status\/(\d+)$/)?.[1]
    if (status) return void res.writeHead(Number(status)).end('no')
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
      case '/broken.json':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"name": ')
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
      case '/cut.json':
        // Headers, part of the body, then the connection drops.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' })
        res.write('{"name":')
        setTimeout(() => res.destroy(), 20)
        return
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
/** The MetadataDocumentError a read fails with. */
const failure = async (read: Promise<unknown>) => {
  const error = await read.then(
    () => undefined,
    (e: unknown) => e,
  )
  if (!(error instanceof MetadataDocumentError))
    throw new Error(`expected a MetadataDocumentError, got ${error}`)
  return { message: error.message, retry: error.retry }
}

describe('fetchMetadataDocument: data: URIs', () => {
  it('default: a base64 JSON document', async () => {
    await expect(fetchMetadataDocument(`data:application/json;base64,${base64(doc)}`)).resolves.toEqual(doc)
  })

  it('args: a percent-encoded or plain JSON document', async () => {
    const uri = `data:application/json,${encodeURIComponent(JSON.stringify(doc))}`
    await expect(fetchMetadataDocument(uri)).resolves.toEqual(doc)
    await expect(fetchMetadataDocument('data:application/json;utf8,{"name":"plain"}')).resolves.toEqual({
      name: 'plain',
    })
  })

  it('error: malformed, not JSON or not an object: final', async () => {
    expect(await failure(fetchMetadataDocument('data:application/json'))).toEqual({
      message: 'malformed data: URI',
      retry: false,
    })
    expect(await failure(fetchMetadataDocument('data:application/json,%E0%A4%A'))).toEqual({
      message: 'malformed data: URI',
      retry: false,
    })
    expect(await failure(fetchMetadataDocument(`data:application/json;base64,${base64([1])}`))).toEqual({
      message: 'metadata is not an object',
      retry: false,
    })
    expect(await failure(fetchMetadataDocument('data:application/json,{oops'))).toMatchObject({
      message: expect.stringMatching(/^invalid JSON/),
      retry: false,
    })
  })

  it('error: a data: URI over the size cap is refused before decoding (like an http document)', async () => {
    const big = { name: 'x'.repeat(METADATA_FETCH.maxBytes) }
    expect(await failure(fetchMetadataDocument(`data:application/json;base64,${base64(big)}`))).toEqual({
      message: 'metadata document too large',
      retry: false,
    })
    const plain = `data:application/json,${JSON.stringify(big)}`
    expect(await failure(fetchMetadataDocument(plain))).toEqual({
      message: 'metadata document too large',
      retry: false,
    })
    // Just under the cap is read.
    const fits = { name: 'x'.repeat(METADATA_FETCH.maxBytes - 100) }
    await expect(fetchMetadataDocument(`data:application/json;base64,${base64(fits)}`)).resolves.toEqual(fits)
  })
})

describe('fetchMetadataDocument: http(s)', () => {
  it('default: a 200 JSON document from the server', async () => {
    await expect(fetchMetadataDocument(`${base}/ok.json`, fetch)).resolves.toEqual(doc)
    expect(requests).toContain('/ok.json')
  })

  it.each([
    [404, false],
    [410, false],
    [403, false],
    [408, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
  ])('error: HTTP %i (retry: %s)', async (status, retry) => {
    expect(await failure(fetchMetadataDocument(`${base}/status/${status}`, fetch))).toEqual({
      message: `HTTP ${status}`,
      retry,
    })
  })

  it('error: over the size cap, declared by Content-Length or streamed: final', async () => {
    for (const path of ['/declared-big.json', '/streamed-big.json'])
      expect(await failure(fetchMetadataDocument(`${base}${path}`, fetch))).toEqual({
        message: 'metadata document too large',
        retry: false,
      })
    expect(
      await failure(fetchMetadataDocument(`${base}/ok.json`, fetch, { timeoutMs: 5_000, maxBytes: 10 })),
    ).toMatchObject({ message: 'metadata document too large' })
  })

  it('error: JSON that is not an object, or not JSON: final', async () => {
    for (const path of ['/array.json', '/null.json'])
      expect(await failure(fetchMetadataDocument(`${base}${path}`, fetch))).toEqual({
        message: 'metadata is not an object',
        retry: false,
      })
    expect(await failure(fetchMetadataDocument(`${base}/broken.json`, fetch))).toMatchObject({ retry: false })
  })

  it('error: unsupported schemes are refused without a request: final', async () => {
    const before = requests.length
    expect(await failure(fetchMetadataDocument('ipfs://bafybeigdyrzt/1.json'))).toEqual({
      message: 'unsupported URI scheme: ipfs',
      retry: false,
    })
    expect(await failure(fetchMetadataDocument('ar://abc'))).toMatchObject({ retry: false })
    expect(requests.length).toBe(before)
  })

  it('error: a server that never answers times out: retry', async () => {
    const started = performance.now()
    const error = await failure(
      fetchMetadataDocument(`${base}/hang.json`, fetch, { timeoutMs: 200, maxBytes: 1024 }),
    )
    expect(error).toEqual({ message: 'metadata host timed out', retry: true })
    const elapsed = performance.now() - started
    expect(elapsed).toBeGreaterThanOrEqual(150)
    expect(elapsed).toBeLessThan(3_000)
  })

  it('error: a refused connection or a connection cut mid-body: retry', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    expect(await failure(fetchMetadataDocument(`http://127.0.0.1:${port}/x.json`, fetch))).toMatchObject({
      message: expect.stringMatching(/ECONNREFUSED/),
      retry: true,
    })
    expect(await failure(fetchMetadataDocument(`${base}/cut.json`, fetch))).toMatchObject({ retry: true })
  })

  it('default limits are METADATA_FETCH (5 s, 256 KiB)', () => {
    expect(METADATA_FETCH).toEqual({ timeoutMs: 5_000, maxBytes: 256 * 1024 })
  })
})
