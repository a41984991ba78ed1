import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../createGateway.ts'
import { createTestConfig } from '../testing/createTestConfig.ts'
import { DEFAULT_LIMIT, MAX_LIMIT, parseCursor, requestUrl, trustForwardedHeaders } from './pagination.ts'

describe('parseCursor', () => {
  it.each([
    ['limit=5&offset=10', { limit: 5, offset: 10 }],
    ['limit=1000&offset=0', { limit: MAX_LIMIT, offset: 0 }],
    ['limit=5&offset=9007199254740991', { limit: 5, offset: 9007199254740991 }],
  ])('default: %s', (cursor, page) => {
    expect(parseCursor(cursor)).toEqual(page)
  })

  it.each([
    undefined,
    '',
    'limit=abc&offset=0',
    'limit=0&offset=0',
    'limit=5&offset=-1',
    'limit=5&offset=9007199254740992',
    'limit=5&offset=99999999999999999999999',
    `limit=5&offset=${'9'.repeat(400)}`,
    'limit=1e3&offset=0',
    'limit=5&offset=0x10',
  ])('behavior: %s (missing or broken) gives the first page', (cursor) => {
    expect(parseCursor(cursor)).toEqual({ limit: DEFAULT_LIMIT, offset: 0 })
  })
})

describe('requestUrl', () => {
  const req = () =>
    new Request('http://gw.internal/v1/chains?x=1', {
      headers: { host: 'gw.test', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example' },
    })

  it('default: X-Forwarded-* are ignored', () => {
    expect(requestUrl(req()).toString()).toBe('http://gw.test/v1/chains?x=1')
  })

  it('behavior: honoured once the request is marked as coming through a trusted proxy', () => {
    const trusted = req()
    trustForwardedHeaders(trusted)
    expect(requestUrl(trusted).toString()).toBe('https://evil.example/v1/chains?x=1')
  })

  it('behavior: a forwarded protocol other than http(s) is ignored', () => {
    const trusted = new Request('http://gw.test/v1/chains', {
      headers: { 'x-forwarded-proto': 'javascript' },
    })
    trustForwardedHeaders(trusted)
    expect(requestUrl(trusted).protocol).toBe('http:')
  })
})

describe.each([
  [false, 'http://gw.test/v1/chains?cursor=limit%3D1%26offset%3D1'],
  [true, 'https://proxy.example/v1/chains?cursor=limit%3D1%26offset%3D1'],
])('next links with trustProxy %s', (trustProxy, next) => {
  let gateway: Gateway
  beforeAll(async () => {
    gateway = await createGateway(
      createTestConfig({ trustProxy, chains: [{ chainId: 1 }, { chainId: 2 }, { chainId: 3 }] }),
    )
  })
  afterAll(() => gateway?.stop())

  it('behavior: links use X-Forwarded-Proto/-Host only from a trusted proxy', async () => {
    const res = await gateway.app.request('/v1/chains?cursor=limit%3D1%26offset%3D0', {
      headers: { host: 'gw.test', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'proxy.example' },
    })
    expect(((await res.json()) as any).next).toBe(next)
  })
})
