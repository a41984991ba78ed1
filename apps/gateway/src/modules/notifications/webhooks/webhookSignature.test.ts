import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { backoffMs, webhookOrigin, webhooksSchema } from './webhookConfig.ts'
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
