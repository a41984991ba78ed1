import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { REQUEST_ID_HEADER, requestIdOf, requestIds } from './requestId.ts'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

const app = () => {
  const seen: (string | undefined)[] = []
  const a = new Hono()
  a.use('*', requestIds())
  a.get('/ok', (c) => {
    seen.push(requestIdOf(c.req.raw))
    return c.json({ ok: true })
  })
  a.get('/boom', () => {
    throw new Error('boom')
  })
  a.onError((_, c) => c.json({ code: 500, message: 'Internal server error' }, 500))
  return { app: a, seen }
}

describe('requestIds', () => {
  it('default: each answer carries a new UUID in X-Request-Id, the one the handler saw', async () => {
    const { app: a, seen } = app()
    const first = await a.request('/ok')
    const second = await a.request('/ok')
    const id = first.headers.get(REQUEST_ID_HEADER)
    expect(id).toMatch(UUID)
    expect(second.headers.get(REQUEST_ID_HEADER)).toMatch(UUID)
    expect(second.headers.get(REQUEST_ID_HEADER)).not.toBe(id)
    expect(seen[0]).toBe(id)
  })

  it('behavior: error answers and unknown routes carry an id too', async () => {
    const { app: a } = app()
    expect((await a.request('/boom')).headers.get(REQUEST_ID_HEADER)).toMatch(UUID)
    expect((await a.request('/nothing')).headers.get(REQUEST_ID_HEADER)).toMatch(UUID)
  })

  it('error: an X-Request-Id the client sent is neither echoed nor used', async () => {
    const { app: a, seen } = app()
    const res = await a.request('/ok', { headers: { [REQUEST_ID_HEADER]: 'attacker-chosen' } })
    expect(res.headers.get(REQUEST_ID_HEADER)).toMatch(UUID)
    expect(res.headers.get(REQUEST_ID_HEADER)).not.toBe('attacker-chosen')
    expect(seen[0]).toBe(res.headers.get(REQUEST_ID_HEADER))
  })
})
