import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../createGateway.ts'
import { createTestConfig } from '../testing/createTestConfig.ts'
import { controlCharacterAt, jsonDepth, MAX_JSON_DEPTH } from './bodyLimit.ts'

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

  it.each([
    [
      'a proposal’s origin',
      '/v1/chains/31337/transactions/0x5aFE3855358E112B5647B952709E6165e1c1eEEe/propose',
      { origin: 'a\u0000b' },
      'origin',
    ],
    ['a delegate’s label', '/v2/chains/31337/delegates', { label: 'x\u0000' }, 'label'],
    [
      'a device’s token',
      '/v1/register/notifications',
      { cloudMessagingToken: 't\u0007' },
      'cloudMessagingToken',
    ],
    [
      'a nested build number',
      '/v1/register/notifications',
      { safeRegistrations: [{ buildNumber: '\u001b[31m' }] },
      'safeRegistrations.0.buildNumber',
    ],
    ['a key', '/v1/chains/31337/data-decoder', { 'd\u0000': 1 }, 'd\u0000'],
    // Stored, a lone surrogate would come back as U+FFFD: the name would change without a word.
    ['a lone surrogate', '/v1/register/notifications', { bundle: 'app\uD800' }, 'bundle'],
    ['a lone low surrogate', '/v1/register/notifications', { bundle: '\uDC00x' }, 'bundle'],
  ])(
    'error: a control character in %s is 422 naming the field, before any handler',
    async (_, path, body, field) => {
      const res = await gateway.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      })
      expect(res.status).toBe(422)
      expect(await res.json()).toEqual({
        code: 422,
        message: `Invalid ${field}: control characters (such as NUL) and unpaired surrogates are not allowed, only tab and line breaks`,
      })
    },
  )

  it('default: tab, line breaks and an escaped backslash before b or f pass the check', async () => {
    for (const value of ['a\tb\nc\r\n', 'C:\\bin\\file', '\u00e9', 'safe \u{1F510}'])
      expect(controlCharacterAt(value)).toBeUndefined()
    // The text holds `\\b` and `\t`: the handler's own validation answers, not the edge check.
    const res = await decode(JSON.stringify({ data: 'C:\\bin\tx' }))
    expect(((await res.json()) as { message: string }).message).not.toMatch(/control characters/)
    expect(controlCharacterAt({ a: [{ b: 'x\u007f' }] })).toBe('a.0.b')
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
