import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { backoffMs, webhookOrigin, webhooksFor, webhooksSchema } from './webhookConfig.ts'
import { signWebhook, verifyWebhookSignature } from './webhookSignature.ts'

const secret = 'a-secret-of-16-chars'
const body = '{"type":"PENDING_MULTISIG_TRANSACTION"}'
const now = 1_700_000_000_000
const ts = now / 1000

describe('signWebhook', () => {
  it('default: sha256=<hex HMAC-SHA256(secret, "<timestamp>.<body>")>', () => {
    const mac = createHmac('sha256', secret).update(`${ts}.${body}`).digest('hex')
    expect(signWebhook(secret, ts, body)).toBe(`sha256=${mac}`)
  })
})

describe('verifyWebhookSignature', () => {
  const signature = signWebhook(secret, ts, body)
  const check = (p: Partial<Parameters<typeof verifyWebhookSignature>[0]>) =>
    verifyWebhookSignature({ secret, body, signature, timestamp: String(ts), now, ...p })

  it('default: accepts the signature of this body and timestamp', () => {
    expect(check({})).toBe(true)
  })
  it('error: another body, secret or timestamp, a missing header, an old delivery', () => {
    expect(check({ body: `${body} ` })).toBe(false)
    expect(check({ secret: `${secret}x` })).toBe(false)
    expect(check({ timestamp: String(ts + 1) })).toBe(false)
    expect(check({ signature: null })).toBe(false)
    expect(check({ signature: 'sha256=00' })).toBe(false)
    expect(check({ now: now + 301_000 })).toBe(false)
  })
})

describe('webhook settings', () => {
  it('default: parses JSON from the environment, with defaults', () => {
    const [hook] = webhooksSchema.parse(JSON.stringify([{ url: 'https://hooks.example/x', secret }]))
    expect(hook).toMatchObject({ maxAttempts: 8, backoffSeconds: 10, timeoutSeconds: 10 })
  })
  it('error: a short secret, a non-http URL, an unknown event type, a duplicate URL', () => {
    for (const hooks of [
      [{ url: 'https://hooks.example', secret: 'short' }],
      [{ url: 'ftp://hooks.example', secret }],
      [{ url: 'https://hooks.example', secret, events: ['NOPE'] }],
      [
        { url: 'https://hooks.example', secret },
        { url: 'https://hooks.example', secret },
      ],
    ])
      expect(webhooksSchema.safeParse(hooks).success).toBe(false)
  })
  it('behavior: backoff doubles per failed attempt, at most an hour', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs({ backoffSeconds: 10 }, n))).toEqual([
      10_000, 20_000, 40_000, 80_000,
    ])
    expect(backoffMs({ backoffSeconds: 3600 }, 5)).toBe(3_600_000)
  })
  it('behavior: log lines name a webhook by its origin only', () => {
    expect(webhookOrigin('https://hooks.slack.com/services/T0/B0/secret')).toBe('https://hooks.slack.com')
  })
})

describe('webhooksFor', () => {
  const hooks = webhooksSchema.parse([
    { url: 'https://a.example/', secret },
    { url: 'https://b.example/', secret, events: ['INCOMING_ETHER'], chains: [1] },
    { url: 'https://c.example/', secret, safes: ['0x5afe3855358e112b5647b952709e6165e1c1eeee'] },
  ])
  const urls = (event: Parameters<typeof webhooksFor>[1]) => webhooksFor(hooks, event).map((h) => h.url)
  it('behavior: filters by event type, chain and Safe (any case)', () => {
    const safe = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
    expect(urls({ type: 'INCOMING_ETHER', chainId: 1, safe })).toEqual([
      'https://a.example/',
      'https://b.example/',
      'https://c.example/',
    ])
    expect(urls({ type: 'NEW_CONFIRMATION', chainId: 5, safe: `0x${'12'.repeat(20)}` })).toEqual([
      'https://a.example/',
    ])
  })
})
