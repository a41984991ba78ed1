// The signature of a webhook delivery, as a receiver checks it: X-Concord-Signature is
// `sha256=<hex HMAC-SHA256(secret, "<X-Concord-Timestamp>.<raw body>")>`. The timestamp inside the MAC lets
// a receiver refuse replays of an old delivery.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const SIGNATURE_HEADER = 'x-concord-signature'
export const TIMESTAMP_HEADER = 'x-concord-timestamp'

export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

/**
 * What a receiver does: recompute the MAC over the raw body and compare in constant time, and refuse a
 * timestamp (unix seconds) further than `toleranceSeconds` from now.
 */
export function verifyWebhookSignature(p: {
  secret: string
  body: string
  signature: string | null | undefined
  timestamp: string | null | undefined
  toleranceSeconds?: number
  now?: number
}): boolean {
  const timestamp = Number(p.timestamp)
  if (!p.signature || !p.timestamp || !/^\d+$/.test(p.timestamp)) return false
  const now = (p.now ?? Date.now()) / 1000
  if (Math.abs(now - timestamp) > (p.toleranceSeconds ?? 300)) return false
  const expected = Buffer.from(signWebhook(p.secret, timestamp, p.body))
  const given = Buffer.from(p.signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
