import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../createGateway.ts'
import { createTestConfig } from '../testing/createTestConfig.ts'
import { routeMethods } from './cors.ts'

const LISTED = 'https://wallet.example'
const OTHER = 'https://elsewhere.example'

describe('routeMethods', () => {
  const methodsOf = routeMethods(() => [
    { method: 'ALL', path: '/v1/*' },
    { method: 'GET', path: '/v1/chains/:chainId' },
    { method: 'POST', path: '/v1/chains/:chainId/data-decoder' },
    { method: 'GET', path: '*' },
  ])

  it('default: the methods of the matching route, GET with HEAD', () => {
    expect(methodsOf('/v1/chains/1')).toEqual(['GET', 'HEAD'])
    expect(methodsOf('/v1/chains/1/')).toEqual(['GET', 'HEAD'])
    expect(methodsOf('/v1/chains/1/data-decoder')).toEqual(['POST'])
  })

  it('behavior: middleware and catch-all routes do not count', () => {
    expect(methodsOf('/v1/nothing/here')).toEqual([])
  })
})

describe('CORS', () => {
  let gateway: Gateway
  const request = (path: string, init: RequestInit) => gateway.app.request(path, init)
  const preflight = (path: string, origin: string, method = 'GET') =>
    request(path, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': method,
        'access-control-request-headers': 'content-type, accept',
      },
    })

  beforeAll(async () => {
    gateway = await createGateway(createTestConfig({ corsOrigins: [LISTED] }))
  }, 60_000) // migrating a fresh store takes more than 10 s on a busy machine
  afterAll(() => gateway?.stop())

  it('default: any origin reads public routes, without credentials', async () => {
    const res = await request('/v1/chains', { headers: { origin: OTHER } })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
    expect(res.headers.get('vary')).toMatch(/Origin/)
  })

  it('behavior: a listed origin is reflected, with credentials', async () => {
    const res = await request('/v1/chains', { headers: { origin: LISTED } })
    expect(res.headers.get('access-control-allow-origin')).toBe(LISTED)
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
  })

  it('behavior: a preflight names only the methods the path has', async () => {
    const read = await preflight('/v1/chains/31337', OTHER)
    expect(read.status).toBe(204)
    expect(read.headers.get('access-control-allow-origin')).toBe('*')
    expect(read.headers.get('access-control-allow-methods')).toBe('GET, HEAD')
    expect(read.headers.get('access-control-allow-headers')).toBe('content-type, accept')
    expect(read.headers.get('access-control-allow-credentials')).toBeNull()

    const decode = await preflight('/v1/chains/31337/data-decoder', OTHER, 'POST')
    expect(decode.status).toBe(204)
    expect(decode.headers.get('access-control-allow-methods')).toBe('POST')
    expect(decode.headers.get('access-control-allow-credentials')).toBeNull()
  })

  it('behavior: a listed origin’s preflight is answered as the Client Gateway does', async () => {
    for (const [path, method] of [
      ['/v1/chains/31337', 'GET'],
      ['/v1/chains/31337/data-decoder', 'POST'],
      ['/v1/chains/31337/safes/0x0000000000000000000000000000000000000001/address-book/x', 'DELETE'],
    ] as const) {
      const res = await preflight(path, LISTED, method)
      expect(res.status, path).toBe(204)
      expect(res.headers.get('access-control-allow-origin')).toBe(LISTED)
      expect(res.headers.get('access-control-allow-credentials')).toBe('true')
      expect(res.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST, PUT, PATCH, DELETE')
      expect(res.headers.get('access-control-allow-headers')).toBe('content-type, accept')
      expect(res.headers.get('vary')).toMatch(/Origin/)
    }
    // Also on a path Concord does not have (the page then sees the real 404, not a CORS failure).
    const unknown = await preflight('/v1/users', LISTED, 'POST')
    expect(unknown.status).toBe(204)
    expect(unknown.headers.get('access-control-allow-origin')).toBe(LISTED)
    expect(unknown.headers.get('allow')).toBeNull()
    const actual = await request('/v1/users', { method: 'POST', headers: { origin: LISTED } })
    expect(actual.status).toBe(404)
    expect(actual.headers.get('access-control-allow-origin')).toBe(LISTED)
  })

  it('behavior: a preflight to a path without routes is a 404 {code, message}', async () => {
    const res = await preflight('/v1/nothing', OTHER)
    expect(res.status).toBe(404)
    expect(((await res.json()) as any).code).toBe(404)
  })

  it('behavior: a header list that is not one is not reflected', async () => {
    const res = await request('/v1/chains', {
      method: 'OPTIONS',
      headers: {
        origin: OTHER,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'a\tb;c',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-headers')).toBeNull()
  })

  it('behavior: error answers carry the CORS headers too (the page can read them)', async () => {
    const res = await request('/v1/chains/5', { headers: { origin: OTHER } })
    expect(res.status).toBe(404)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
  })
})

describe('CORS without any-origin reads', () => {
  it('behavior: only listed origins get CORS headers', async () => {
    const gateway = await createGateway(createTestConfig({ corsOrigins: LISTED, corsAnyOrigin: false }))
    try {
      const other = await gateway.app.request('/v1/chains', { headers: { origin: OTHER } })
      expect(other.status).toBe(200)
      expect(other.headers.get('access-control-allow-origin')).toBeNull()
      const listed = await gateway.app.request('/v1/chains', { headers: { origin: LISTED } })
      expect(listed.headers.get('access-control-allow-origin')).toBe(LISTED)
      const preflight = { 'access-control-request-method': 'PUT' }
      const otherPreflight = await gateway.app.request('/v1/chains', {
        method: 'OPTIONS',
        headers: { origin: OTHER, ...preflight },
      })
      expect(otherPreflight.headers.get('access-control-allow-origin')).toBeNull()
      expect(otherPreflight.headers.get('access-control-allow-methods')).toBeNull()
      const listedPreflight = await gateway.app.request('/v1/chains', {
        method: 'OPTIONS',
        headers: { origin: LISTED, ...preflight },
      })
      expect(listedPreflight.status).toBe(204)
      expect(listedPreflight.headers.get('access-control-allow-credentials')).toBe('true')
    } finally {
      await gateway.stop()
    }
  }, 60_000)
})
