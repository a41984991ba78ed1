// The SSRF guard of tokenURI fetches. No real network: names come from stub resolvers, and the two local
// servers stand for a public host (127.0.0.2, the only address the end-to-end tests allow) and for the
// private network behind the gateway (127.0.0.1, same port), which must never see a request.
import { createServer, type Server } from 'node:http'
import type { AddressInfo, LookupFunction } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fetchMetadataDocument } from './fetchMetadataDocument.ts'
import {
  createCheckedLookup,
  createMetadataFetch,
  METADATA_MAX_REDIRECTS,
  RefusedUrlError,
  type ResolveHost,
} from './guardedFetch.ts'

const doc = { name: 'Public #1' }
const PUBLIC = '127.0.0.2'
let port: number
let publicServer: Server
let privateServer: Server
const privateRequests: string[] = []

const listen = (server: Server, host: string, at = 0) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(at, host, () => resolve((server.address() as AddressInfo).port))
  })

beforeAll(async () => {
  // Every answer closes its connection, so every request resolves its host again.
  publicServer = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const hops = url.pathname.match(/^\/redirect\/(\d+)$/)?.[1]
    const headers = { connection: 'close' }
    if (url.pathname === '/hang') return // never answers
    if (hops !== undefined) {
      const location = Number(hops) > 0 ? `/redirect/${Number(hops) - 1}` : '/doc.json'
      return void res.writeHead(302, { ...headers, location }).end()
    }
    if (url.pathname === '/redirect-to')
      return void res.writeHead(307, { ...headers, location: url.searchParams.get('url') ?? '/' }).end()
    res.writeHead(200, { ...headers, 'content-type': 'application/json' }).end(JSON.stringify(doc))
  })
  privateServer = createServer((req, res) => {
    privateRequests.push(req.url ?? '')
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"internal secret"}')
  })
  // Both servers on one port, so that only the address tells them apart.
  for (let attempt = 0; ; attempt++) {
    port = await listen(publicServer, PUBLIC)
    try {
      await listen(privateServer, '127.0.0.1', port)
      break
    } catch (error) {
      await new Promise((resolve) => publicServer.close(resolve))
      if (attempt > 10) throw error
    }
  }
})

afterAll(async () => {
  for (const server of [publicServer, privateServer]) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A resolver from a table, counting its calls per name. */
const stubResolver = (table: Record<string, string[] | (() => string[])>) => {
  const calls: Record<string, number> = {}
  const resolve: ResolveHost = async (hostname) => {
    calls[hostname] = (calls[hostname] ?? 0) + 1
    const entry = table[hostname]
    if (!entry) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return (typeof entry === 'function' ? entry() : entry).map((address) => ({ address }))
  }
  return { resolve, calls }
}

const lookupAll = (lookup: LookupFunction, hostname: string, family?: number) =>
  new Promise<{ address: string; family: number }[]>((resolve, reject) =>
    lookup(hostname, { all: true, family }, (error, addresses) =>
      error ? reject(error) : resolve(addresses as { address: string; family: number }[]),
    ),
  )

/** Special-use ranges that must be refused, one address in each. */
const SPECIAL = [
  '127.0.0.1',
  '10.0.0.5',
  '169.254.169.254',
  '100.64.0.1',
  '0.0.0.0',
  '::1',
  '::ffff:127.0.0.1',
  '::ffff:10.0.0.1',
  '2002:7f00:1::1',
  '2001::1',
  '64:ff9b:1::a00:1',
  '100::1',
  'fd00::5',
  'fe80::1',
]

describe('createCheckedLookup', () => {
  it('default: hands the socket exactly the public addresses it resolved, once', async () => {
    const { resolve, calls } = stubResolver({ 'public.example': ['93.184.216.34', '2606:4700:4700::1111'] })
    const lookup = createCheckedLookup(resolve)
    expect(await lookupAll(lookup, 'public.example')).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700:4700::1111', family: 6 },
    ])
    expect(await lookupAll(lookup, 'public.example', 6)).toEqual([
      { address: '2606:4700:4700::1111', family: 6 },
    ])
    const single = await new Promise((done) =>
      lookup('public.example', {}, (error, address, family) => done({ error, address, family })),
    )
    expect(single).toEqual({ error: null, address: '93.184.216.34', family: 4 })
    expect(calls['public.example']).toBe(3)
  })

  it.each(SPECIAL)('error: a name resolving to %s is refused', async (address) => {
    const { resolve } = stubResolver({ 'evil.example': [address] })
    const error = await lookupAll(createCheckedLookup(resolve), 'evil.example').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RefusedUrlError)
    expect((error as Error).message).toBe(`private address refused: evil.example (${address})`)
  })

  it('error: one private address among public ones refuses the name', async () => {
    const { resolve } = stubResolver({ 'mixed.example': ['93.184.216.34', 'fd00::5'] })
    await expect(lookupAll(createCheckedLookup(resolve), 'mixed.example')).rejects.toThrow(
      'private address refused: mixed.example (fd00::5)',
    )
  })
})

describe('createMetadataFetch', () => {
  const allowed = (ip: string) => ip === PUBLIC
  const at = (host: string, path = '/doc.json') => `http://${host}:${port}${path}`

  it('behavior: DNS rebinding (public, then private) never reaches the private address', async () => {
    let answers = 0
    const { resolve, calls } = stubResolver({
      'rebind.example': () => (answers++ === 0 ? [PUBLIC] : ['127.0.0.1']),
    })
    const guarded = createMetadataFetch({ allowPrivateHosts: false, resolve, allowed })
    // The one resolution is the one connected to: the public server answers.
    await expect(fetchMetadataDocument(at('rebind.example'), guarded)).resolves.toEqual(doc)
    expect(calls['rebind.example']).toBe(1)
    // The next connection resolves again, gets the private address, and is refused.
    await expect(fetchMetadataDocument(at('rebind.example'), guarded)).rejects.toThrow(
      'private address refused: rebind.example (127.0.0.1)',
    )
    expect(privateRequests).toEqual([])
  })

  it('behavior: relative redirects are followed up to the limit, every hop checked', async () => {
    const { resolve } = stubResolver({ 'public.example': [PUBLIC] })
    const guarded = createMetadataFetch({ allowPrivateHosts: false, resolve, allowed })
    const redirect = (n: number) => at('public.example', `/redirect/${n}`)
    await expect(fetchMetadataDocument(redirect(METADATA_MAX_REDIRECTS - 1), guarded)).resolves.toEqual(doc)
    await expect(fetchMetadataDocument(redirect(METADATA_MAX_REDIRECTS), guarded)).rejects.toThrow(
      'too many redirects',
    )
  })

  it('error: a redirect to a private host is refused (literal IP, or a name resolving to one)', async () => {
    const { resolve } = stubResolver({ 'public.example': [PUBLIC], 'internal.example': ['10.0.0.5'] })
    const guarded = createMetadataFetch({ allowPrivateHosts: false, resolve, allowed })
    const via = (target: string) => at('public.example', `/redirect-to?url=${encodeURIComponent(target)}`)
    await expect(fetchMetadataDocument(via(`http://127.0.0.1:${port}/doc.json`), guarded)).rejects.toThrow(
      'private address refused: 127.0.0.1',
    )
    await expect(fetchMetadataDocument(via(at('internal.example')), guarded)).rejects.toThrow(
      'private address refused: internal.example (10.0.0.5)',
    )
    await expect(fetchMetadataDocument(via('file:///etc/passwd'), guarded)).rejects.toThrow(
      'unsupported URI scheme: file',
    )
    expect(privateRequests).toEqual([])
  })

  it.each([
    'http://[::1]/x.json',
    'http://[::ffff:127.0.0.1]/x.json',
    'http://[::ffff:a00:5]/x.json',
    'http://[fe80::1]/x.json',
    'http://[2002:a00:5::1]/x.json',
    'http://[2001::1]/x.json',
    'http://[64:ff9b:1::1]/x.json',
    'http://[100::1]/x.json',
    'http://0x7f.1/x.json', // the WHATWG URL parser makes it 127.0.0.1
    'http://2130706433/x.json',
    'http://169.254.169.254/latest/meta-data',
    'https://10.0.0.1/x.json',
    'http://0.0.0.0:8545/',
  ])('error: the literal address %s is refused without a connection', async (url) => {
    const { resolve, calls } = stubResolver({})
    await expect(createMetadataFetch({ allowPrivateHosts: false, resolve })(url)).rejects.toThrow(
      'private address refused',
    )
    expect(calls).toEqual({})
  })

  it.each(SPECIAL)('error: a name resolving to %s is refused by the default policy', async (address) => {
    const { resolve } = stubResolver({ 'evil.example': [address] })
    const guarded = createMetadataFetch({ allowPrivateHosts: false, resolve })
    await expect(guarded(at('evil.example'))).rejects.toThrow(
      `private address refused: evil.example (${address})`,
    )
  })

  it('error: with the system resolver, localhost is refused', async () => {
    await expect(createMetadataFetch({ allowPrivateHosts: false })(at('localhost'))).rejects.toThrow(
      /private address refused: localhost \((127\.0\.0\.1|::1)\)/,
    )
    expect(privateRequests).toEqual([])
  })

  it('args: allowPrivateHosts reads the private server as before', async () => {
    const open = createMetadataFetch({ allowPrivateHosts: true })
    await expect(fetchMetadataDocument(`http://127.0.0.1:${port}/doc.json`, open)).resolves.toEqual({
      name: 'internal secret',
    })
    privateRequests.length = 0
  })

  it('behavior: the timeout of fetchMetadataDocument applies through the guard (a retry)', async () => {
    const { resolve } = stubResolver({ 'public.example': [PUBLIC] })
    const guarded = createMetadataFetch({ allowPrivateHosts: false, resolve, allowed })
    const error = await fetchMetadataDocument(at('public.example', '/hang'), guarded, {
      timeoutMs: 200,
      maxBytes: 1024,
    }).catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'metadata host timed out', retry: true })
  })

  it('args: redirect manual returns the redirect itself', async () => {
    const { resolve } = stubResolver({ 'public.example': [PUBLIC] })
    const guarded = createMetadataFetch({ allowPrivateHosts: false, resolve, allowed })
    const res = await guarded(at('public.example', '/redirect/0'), { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/doc.json')
    await res.body?.cancel()
  })
})
