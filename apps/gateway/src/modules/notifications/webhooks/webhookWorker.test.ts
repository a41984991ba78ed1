// The worker against a fake delivery store: what a fatal failure does to a delivery (unit; the HTTP retries
// against real receivers are in webhooks.test.ts).
import { describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../log/logger.ts'
import type { WebhookDeliveriesRepository } from './webhookDeliveries.repository.ts'
import { startWebhookWorker } from './webhookWorker.ts'

const URL = 'https://hooks.example/concord'
const webhook = { url: URL, secret: 's'.repeat(32), maxAttempts: 5, backoffSeconds: 1, timeoutSeconds: 5 }

/** One due delivery of an event whose payload is `payload`; every recorded attempt is kept. */
const store = (payload: Record<string, unknown>) => {
  const recorded: { id: number; status: string; attempts: number; error: string | null }[] = []
  let claimed = false
  const deliveries = {
    claimDue: async () => {
      if (claimed) return []
      claimed = true
      const delivery = { id: 7, url: URL, attempts: 0 }
      const event = { id: 3, chainId: 1, safe: '0x1', type: 'NEW_CONFIRMATION', payload, createdAt: 0 }
      return [{ delivery, event }]
    },
    nextDueAt: async () => undefined,
    recordAttempt: async (id: number, r: { status: string; attempts: number; error: string | null }) => {
      recorded.push({ id, status: r.status, attempts: r.attempts, error: r.error })
    },
    release: async () => {},
  } as unknown as WebhookDeliveriesRepository
  return { deliveries, recorded }
}

describe('startWebhookWorker', () => {
  it('error: a request that cannot be built fails its delivery at once, logged and counted, nothing sent', async () => {
    // A BigInt cannot be serialised: every attempt would fail the same way.
    const { deliveries, recorded } = store({ amount: 1n })
    const lines: string[] = []
    const fetch = vi.fn()
    const worker = startWebhookWorker({
      deliveries,
      webhooks: [webhook],
      fetch,
      log: createLogger({ pretty: false, write: (line) => lines.push(line) }),
    })
    await vi.waitFor(() => expect(recorded).toHaveLength(1))
    await worker.stop()
    expect(recorded[0]).toEqual({
      id: 7,
      status: 'FAILED',
      attempts: 1,
      error: 'the request could not be built',
    })
    expect(fetch).not.toHaveBeenCalled()
    expect(worker.status()).toEqual({ delivered: 0, retried: 0, failed: 1 })
    const entry = JSON.parse(lines.find((l) => l.includes('FAILED')) ?? '{}')
    expect(entry).toMatchObject({ level: 'error', module: 'webhooks', deliveryId: 7, eventId: 3 })
    expect(entry.err).toMatchObject({
      type: 'FatalError',
      retryable: false,
      details: expect.stringMatching(/BigInt/),
    })
  })

  it('behavior: a delivery the receiver accepts is DELIVERED and counted', async () => {
    const { deliveries, recorded } = store({ amount: '1' })
    const fetch = vi.fn(async () => new Response(null, { status: 204 }))
    const worker = startWebhookWorker({
      deliveries,
      webhooks: [webhook],
      fetch,
      log: createLogger({ level: 'silent' }),
    })
    await vi.waitFor(() => expect(recorded).toHaveLength(1))
    await worker.stop()
    expect(recorded[0]).toMatchObject({ status: 'DELIVERED', attempts: 1 })
    expect(worker.status()).toEqual({ delivered: 1, retried: 0, failed: 0 })
  })
})
