// tokenURI documents: data: URIs decoded inline, http(s) read from a local server with the timeout and size
// cap, and every way a document can be unusable.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { PublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createMetadataFetch,
  fetchMetadataDocument,
  isPrivateAddress,
  METADATA_FETCH,
  METADATA_MAX_REDIRECTS,
  readNftMetadata,
  readTokens,
} from './tokenMetadata.ts'

const doc = { name: 'Token #1', description: 'A test token', image: 'https://img.example/1.png' }
let server: Server
let base: string
const requests: string[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    requests.push(req.url ?? '')
    const url = new URL(req.url ?? '/', 'http://localhost')
    // /redirect/<n>: n relative redirects, then the document; /redirect-to?url=…: one redirect to that URL.
    const hops = url.pathname.match(/^\/redirect\/(\d+)$/)?.[1]
    if (hops !== undefined) {
      const location = Number(hops) > 0 ? `/redirect/${Number(hops) - 1}` : '/ok.json'
      return void res.writeHead(302, { location }).end()
    }
    if (url.pathname === '/redirect-to')
      return void res.writeHead(307, { location: url.searchParams.get('url') ?? '/' }).end()
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
    await expect(fetchMetadataDocument(`${base}/ok.json`, fetch)).resolves.toEqual(doc)
    expect(requests).toContain('/ok.json')
  })

  it('http: a 404 is an error naming the status', async () => {
    await expect(fetchMetadataDocument(`${base}/gone.json`, fetch)).rejects.toThrow('HTTP 404')
  })

  it('http: a document over the size cap, declared by Content-Length or streamed', async () => {
    await expect(fetchMetadataDocument(`${base}/declared-big.json`, fetch)).rejects.toThrow(
      'metadata document too large',
    )
    await expect(fetchMetadataDocument(`${base}/streamed-big.json`, fetch)).rejects.toThrow(
      'metadata document too large',
    )
    // A smaller cap given as a limit applies the same way.
    await expect(
      fetchMetadataDocument(`${base}/ok.json`, fetch, { timeoutMs: 5_000, maxBytes: 10 }),
    ).rejects.toThrow('metadata document too large')
  })

  it('http: JSON that is not an object is refused', async () => {
    await expect(fetchMetadataDocument(`${base}/array.json`, fetch)).rejects.toThrow(
      'metadata is not an object',
    )
    await expect(fetchMetadataDocument(`${base}/null.json`, fetch)).rejects.toThrow(
      'metadata is not an object',
    )
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

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '255.255.255.255',
  ])('IPv4 %s is private', (ip) => expect(isPrivateAddress(ip)).toBe(true))

  it.each([
    '8.8.8.8',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '11.0.0.1',
  ])('IPv4 %s is public', (ip) => expect(isPrivateAddress(ip)).toBe(false))

  it.each([
    '::1',
    '::',
    '0:0:0:0:0:0:0:1',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fc00::1',
    'fd12:3456:789a::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
    '0:0:0:0:0:ffff:c0a8:0101',
    '::127.0.0.1',
    '64:ff9b::10.0.0.1',
  ])('IPv6 %s is private', (ip) => expect(isPrivateAddress(ip)).toBe(true))

  it.each(['2606:4700:4700::1111', '2001:db8::1', '::ffff:8.8.8.8', '::ffff:808:808', '2a00::1'])(
    'IPv6 %s is public',
    (ip) => expect(isPrivateAddress(ip)).toBe(false),
  )

  it('anything that is not an IP address counts as private', () => {
    expect(isPrivateAddress('localhost')).toBe(true)
    expect(isPrivateAddress('')).toBe(true)
  })
})

describe('createMetadataFetch', () => {
  const PUBLIC_IP = '93.184.216.34'
  /** Names the stub DNS knows: public.example is public, internal.example private, mixed.example both. */
  const lookup = async (hostname: string) => {
    const table: Record<string, string[]> = {
      'public.example': [PUBLIC_IP],
      'internal.example': ['10.0.0.5'],
      'mixed.example': [PUBLIC_IP, 'fd00::5'],
    }
    const addresses = table[hostname]
    if (!addresses) throw new Error(`getaddrinfo ENOTFOUND ${hostname}`)
    return addresses.map((address) => ({ address }))
  }
  /** Sends requests for public.example to the local server (as if it were that public host). */
  const routed: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    if (url.hostname === 'public.example') url.host = new URL(base).host
    return fetch(url, init)
  }
  const guarded = createMetadataFetch({ allowPrivateHosts: false, lookup, fetch: routed })

  it('default: a loopback server is refused before any request', async () => {
    const before = requests.length
    await expect(createMetadataFetch({ allowPrivateHosts: false })(`${base}/ok.json`)).rejects.toThrow(
      'private address refused: 127.0.0.1',
    )
    // fetchMetadataDocument and readNftMetadata refuse it when given no fetch.
    await expect(fetchMetadataDocument(`${base}/ok.json`)).rejects.toThrow('private address refused')
    const row = await readNftMetadata(stubClient({ tokenURI: `${base}/ok.json` }), 1, {
      token: '0x00000000000000000000000000000000000000aa',
      tokenId: '7',
    })
    expect(row).toMatchObject({ uri: `${base}/ok.json`, error: 'private address refused: 127.0.0.1' })
    expect(row.name).toBeUndefined()
    expect(requests.length).toBe(before)
  })

  it('default: a name that resolves to loopback (localhost) is refused', async () => {
    const url = `http://localhost:${new URL(base).port}/ok.json`
    await expect(createMetadataFetch({ allowPrivateHosts: false })(url)).rejects.toThrow(
      /private address refused: localhost \((127\.0\.0\.1|::1)\)/,
    )
  })

  it.each([
    'http://[::1]/x.json',
    'http://[::ffff:127.0.0.1]/x.json',
    'http://[fe80::1]/x.json',
    'http://0x7f.1/x.json', // WHATWG URL normalizes it to 127.0.0.1
    'http://2130706433/x.json',
    'http://169.254.169.254/latest/meta-data',
    'https://10.0.0.1/x.json',
    'http://0.0.0.0:8545/',
    'http://internal.example/x.json',
    'http://mixed.example/x.json',
  ])('refused without a request: %s', async (url) => {
    let called = false
    const spy: typeof fetch = async () => {
      called = true
      return new Response('{}')
    }
    await expect(createMetadataFetch({ allowPrivateHosts: false, lookup, fetch: spy })(url)).rejects.toThrow(
      'private address refused',
    )
    expect(called).toBe(false)
  })

  it('a public host is fetched, and its relative redirects are followed up to the limit', async () => {
    await expect(fetchMetadataDocument('http://public.example/ok.json', guarded)).resolves.toEqual(doc)
    await expect(
      fetchMetadataDocument(`http://public.example/redirect/${METADATA_MAX_REDIRECTS - 1}`, guarded),
    ).resolves.toEqual(doc)
    expect(METADATA_MAX_REDIRECTS).toBe(3)
    await expect(
      fetchMetadataDocument(`http://public.example/redirect/${METADATA_MAX_REDIRECTS}`, guarded),
    ).rejects.toThrow('too many redirects')
  })

  it('a redirect to a private host is refused (literal IP or a name resolving to one)', async () => {
    const via = (target: string) => `http://public.example/redirect-to?url=${encodeURIComponent(target)}`
    const before = requests.filter((r) => r === '/ok.json').length
    await expect(fetchMetadataDocument(via(`${base}/ok.json`), guarded)).rejects.toThrow(
      'private address refused: 127.0.0.1',
    )
    await expect(fetchMetadataDocument(via('http://internal.example/'), guarded)).rejects.toThrow(
      'private address refused: internal.example (10.0.0.5)',
    )
    await expect(fetchMetadataDocument(via('file:///etc/passwd'), guarded)).rejects.toThrow(
      'unsupported URI scheme: file',
    )
    expect(requests.filter((r) => r === '/ok.json').length).toBe(before)
    // With private hosts allowed, the same redirect is followed.
    const open = createMetadataFetch({ allowPrivateHosts: true, fetch: routed })
    await expect(fetchMetadataDocument(via(`${base}/ok.json`), open)).resolves.toEqual(doc)
  })

  it('allowPrivateHosts: the loopback server is read as before', async () => {
    const open = createMetadataFetch({ allowPrivateHosts: true })
    await expect(fetchMetadataDocument(`${base}/ok.json`, open)).resolves.toEqual(doc)
    await expect(fetchMetadataDocument(`${base}/redirect/5`, open)).resolves.toEqual(doc)
  })

  it('redirect: manual returns the redirect itself; data: URIs need no fetch', async () => {
    const res = await guarded('http://public.example/redirect/0', { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/ok.json')
    await res.body?.cancel()
    const data = `data:application/json;base64,${base64(doc)}`
    await expect(
      fetchMetadataDocument(data, createMetadataFetch({ allowPrivateHosts: false })),
    ).resolves.toEqual(doc)
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
    const row = await readNftMetadata(stubClient({ tokenURI: `${base}/ok.json` }), 1, nft, fetch)
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
    const row = await readNftMetadata(stubClient({ tokenURI: `${base}/gone.json` }), 1, nft, fetch)
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
