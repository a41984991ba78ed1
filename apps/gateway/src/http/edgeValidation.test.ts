// Numeric parameters are validated at the edge: out-of-range values are 4xx {code, message}, never a 500.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../createGateway.ts'
import { createTestConfig } from '../testing/createTestConfig.ts'

const SAFE = '0x1111111111111111111111111111111111111111'

describe('edge validation', () => {
  let gateway: Gateway
  const get = (path: string) => gateway.app.request(path)

  beforeAll(async () => {
    gateway = await createGateway(createTestConfig())
  })
  afterAll(() => gateway?.stop())

  it.each(['86400001', '-86400001', '9007199254740993', '1'.repeat(400), '1.5', ''])(
    'error: history timezone_offset=%s is 422 {code, message}',
    async (offset) => {
      const res = await get(`/v1/chains/31337/safes/${SAFE}/transactions/history?timezone_offset=${offset}`)
      expect(res.status).toBe(422)
      const body: any = await res.json()
      expect(body.code).toBe(422)
      expect(body.message).toMatch(/timezone_offset/)
    },
  )

  it.each(['0', '3600000', '-43200000', '86400000'])(
    'default: history timezone_offset=%s passes validation (the unknown Safe is a 404)',
    async (offset) => {
      const res = await get(`/v1/chains/31337/safes/${SAFE}/transactions/history?timezone_offset=${offset}`)
      expect(res.status).toBe(404)
    },
  )

  it.each([
    `/v1/chains/9007199254740993/safes/${SAFE}`,
    `/v1/chains/18446744073709551617/safes/${SAFE}/transactions/history`,
    '/v1/chains/9007199254740992/data-decoder',
    `/v2/chains/99999999999999999999/safes/${SAFE}/collectibles`,
  ])('error: a chain id past the safe integer range is 422 on every route: %s', async (path) => {
    const res = await gateway.app.request(path, {
      method: path.endsWith('data-decoder') ? 'POST' : 'GET',
      headers: { 'content-type': 'application/json' },
      body: path.endsWith('data-decoder') ? '{"data":"0x"}' : undefined,
    })
    expect(res.status).toBe(422)
    expect(await res.json()).toEqual({ code: 422, message: 'Invalid chain id (chainId)' })
  })

  it('behavior: a cursor offset past the safe integer range is the first page, not a 500', async () => {
    const cursor = encodeURIComponent('limit=5&offset=18446744073709551616')
    const res = await get(`/v1/chains?cursor=${cursor}`)
    expect(res.status).toBe(200)
    expect(((await res.json()) as any).results[0].chainId).toBe('31337')
  })
})
