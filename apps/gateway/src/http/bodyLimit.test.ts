import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../createGateway.ts'
import { createTestConfig } from '../testing/createTestConfig.ts'
import { jsonDepth, MAX_JSON_DEPTH } from './bodyLimit.ts'

describe('jsonDepth', () => {
  it.each([
    ['1', 0],
    ['{}', 1],
    ['[[1],[2,[3]]]', 3],
    ['{"a":"[[[[{{{{"}', 1],
    ['{"a":"\\"[[["}', 1],
    ['["\\\\",[["x"]]]', 3],
  ])('default: %s has depth %i', (text, depth) => {
    expect(jsonDepth(text)).toBe(depth)
  })

  it('behavior: stops counting past the maximum', () => {
    expect(jsonDepth('['.repeat(1_000_000), 10)).toBe(11)
  })
})

describe('request body limits', () => {
  let gateway: Gateway
  const decode = (body: RequestInit['body'], headers: Record<string, string> = {}) =>
    gateway.app.request('/v1/chains/31337/data-decoder', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
      // A stream body is sent chunked, without Content-Length.
      ...({ duplex: 'half' } as object),
    })
  const transfer = JSON.stringify({
    data: `0xa9059cbb${'00'.repeat(12)}${'11'.repeat(20)}${'00'.repeat(31)}01`,
  })

  beforeAll(async () => {
    gateway = await createGateway(createTestConfig({ maxBodyBytes: 4096 }))
  })
  afterAll(() => gateway?.stop())

  it('default: a body within the limit is handled', async () => {
    const res = await decode(transfer)
    expect(res.status).toBe(200)
    expect(((await res.json()) as any).method).toBe('transfer')
  })

  it('error: a larger body is 413 {code, message}, whether announced by Content-Length or streamed', async () => {
    const big = JSON.stringify({ data: `0x${'00'.repeat(4096)}` })
    const announced = await decode(big, { 'content-length': String(big.length) })
    expect(announced.status).toBe(413)
    expect(await announced.json()).toEqual({ code: 413, message: 'Request body larger than 4096 bytes' })
    const streamed = await decode(
      new ReadableStream({
        start(controller) {
          for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode(big.slice(0, 1000)))
          controller.close()
        },
      }),
    )
    expect(streamed.status).toBe(413)
    expect(((await streamed.json()) as any).code).toBe(413)
  })

  it('error: JSON nested deeper than the maximum is 400 {code, message}', async () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`
    const res = await decode(deep)
    expect(res.status).toBe(400)
    expect(await res.json()).toEqual({
      code: 400,
      message: `JSON body nested deeper than ${MAX_JSON_DEPTH} levels`,
    })
  })

  it('error: malformed JSON is a 4xx {code, message}', async () => {
    const res = await decode('{"data": ')
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.status).toBeLessThan(500)
    const body: any = await res.json()
    expect(typeof body.code).toBe('number')
    expect(typeof body.message).toBe('string')
  })
})

describe('default body limit', () => {
  it('default: 1 MiB', async () => {
    const gateway = await createGateway(createTestConfig())
    try {
      const body = JSON.stringify({ data: `0x${'ab'.repeat(600 * 1024)}` })
      const res = await gateway.app.request('/v1/chains/31337/data-decoder', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      })
      expect(res.status).toBe(413)
      expect(((await res.json()) as any).message).toBe('Request body larger than 1048576 bytes')
    } finally {
      await gateway.stop()
    }
  })
})
