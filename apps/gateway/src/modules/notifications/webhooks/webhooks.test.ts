// Webhook delivery against local HTTP receivers: one fails twice (500) before it accepts, and checks the
// HMAC on its side; one never accepts (FAILED after its attempts); one filters the event type out, one the
// Safe. The operator reads the delivery log with the admin token. stop() does not wait for a hanging receiver.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createLocalChangeBus } from '../../../changes/changeBus.ts'
import { createGateway, type Gateway } from '../../../createGateway.ts'
import { createDatabase } from '../../../db/createDatabase.ts'
import { notificationEvents, notificationSubscriptions } from '../../../db/schema.ts'
import { createTestConfig } from '../../../testing/createTestConfig.ts'
import type { JsonAnswer } from '../../../testing/jsonRequest.ts'
import { listenForNotifications } from '../notificationListener.ts'
import { createNotificationsRepository } from '../notifications.repository.ts'
import { verifyWebhookSignature } from './webhookSignature.ts'

const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const OTHER_SAFE = '0x1234567890123456789012345678901234567890'
const SAFE_TX_HASH = `0x${'ab'.repeat(32)}` as const
const SECRET = 'receiver-shared-secret'
const ADMIN = 'operator-admin-token-0123456789'

type Received = { headers: IncomingMessage['headers']; body: string; verified: boolean }

/** A receiver answering `statuses` in turn (the last one from then on), verifying each signature. */
async function receiver(statuses: number[], secret = SECRET) {
  const received: Received[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const verified = verifyWebhookSignature({
        secret,
        body,
        signature: req.headers['x-concord-signature'] as string | undefined,
        timestamp: req.headers['x-concord-timestamp'] as string | undefined,
      })
      received.push({ headers: req.headers, body, verified })
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)] as number
      res.writeHead(verified ? status : 401).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

let flaky: Awaited<ReturnType<typeof receiver>>
let broken: Awaited<ReturnType<typeof receiver>>
let filtered: Awaited<ReturnType<typeof receiver>>
let otherSafe: Awaited<ReturnType<typeof receiver>>
let gateway: Gateway
// The gateway's log lines (log/logger.ts writes each through process.stdout.write).
const log = vi.spyOn(process.stdout, 'write').mockImplementation(() => true)

const deliveries = async (token?: string, query = '') => {
  const res = await gateway.app.request(`/v1/admin/webhooks/deliveries${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  })
  return { status: res.status, body: await res.json() } as JsonAnswer
}

beforeAll(async () => {
  flaky = await receiver([500, 500, 200])
  broken = await receiver([503])
  filtered = await receiver([200])
  otherSafe = await receiver([200])
  gateway = await createGateway(
    createTestConfig({
      adminToken: ADMIN,
      webhooks: [
        { url: flaky.url, secret: SECRET, backoffSeconds: 0.05 },
        { url: broken.url, secret: SECRET, backoffSeconds: 0.05, maxAttempts: 2 },
        { url: filtered.url, secret: SECRET, events: ['INCOMING_ETHER'] },
        { url: otherSafe.url, secret: SECRET, safes: [OTHER_SAFE] },
      ],
    }),
  )
}, 60_000)
afterAll(async () => {
  await gateway?.stop()
  await Promise.all([flaky, broken, filtered, otherSafe].map((r) => r?.close()))
  log.mockRestore()
})

describe('webhooks', () => {
  it('default: retried with backoff until the receiver accepts, HMAC verified there; out of attempts is FAILED', async () => {
    gateway.changes.publish({
      type: 'PENDING_MULTISIG_TRANSACTION',
      chainId: 31337,
      address: SAFE,
      safeTxHash: SAFE_TX_HASH,
    })
    await vi.waitFor(
      async () => {
        const { body } = await deliveries(ADMIN, '?status=PENDING')
        expect(body.count).toBe(0)
      },
      { timeout: 10_000, interval: 100 },
    )
    expect(flaky.received).toHaveLength(3)
    expect(flaky.received.every((r) => r.verified)).toBe(true)
    const [first] = flaky.received as [Received]
    expect(first.headers).toMatchObject({
      'content-type': 'application/json',
      'x-concord-event': 'PENDING_MULTISIG_TRANSACTION',
      'x-concord-delivery': expect.stringMatching(/^\d+$/),
      'x-concord-signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
    })
    expect(JSON.parse(first.body)).toEqual({
      id: expect.any(Number),
      type: 'PENDING_MULTISIG_TRANSACTION',
      chainId: '31337',
      address: SAFE,
      safeTxHash: SAFE_TX_HASH,
      createdAt: expect.any(Number),
    })
    // Each attempt of one delivery carries the same delivery id (a receiver can deduplicate).
    expect(new Set(flaky.received.map((r) => r.headers['x-concord-delivery'])).size).toBe(1)
    expect(broken.received).toHaveLength(2)
    expect(filtered.received).toHaveLength(0)
    expect(otherSafe.received).toHaveLength(0)

    const { status, body } = await deliveries(ADMIN)
    expect(status).toBe(200)
    expect(body.count).toBe(2)
    const byUrl = Object.fromEntries(body.results.map((d: { url: string }) => [d.url, d]))
    expect(byUrl[flaky.url]).toMatchObject({
      eventType: 'PENDING_MULTISIG_TRANSACTION',
      status: 'DELIVERED',
      attempts: 3,
      lastStatusCode: 200,
      lastError: null,
      deliveredAt: expect.any(Number),
    })
    expect(byUrl[broken.url]).toMatchObject({
      status: 'FAILED',
      attempts: 2,
      lastStatusCode: 503,
      lastError: 'HTTP 503',
      deliveredAt: null,
    })
    // Log lines name each attempt, and never the secret.
    const lines = log.mock.calls.map((c) => String(c[0])).filter((l) => l.includes('webhook delivery'))
    expect(lines.filter((l) => l.includes('attempt') && l.includes('failed'))).toHaveLength(4)
    expect(lines.some((l) => l.includes('DELIVERED on attempt 3'))).toBe(true)
    expect(lines.join('\n')).not.toContain(SECRET)
  })

  it('error: the delivery log needs the admin token', async () => {
    expect(await deliveries()).toMatchObject({ status: 401, body: { code: 401 } })
    expect(await deliveries('wrong-token')).toMatchObject({ status: 401, body: { code: 401 } })
    expect((await deliveries(ADMIN, '?status=NOPE')).status).toBe(422)
  })

  // Each creates a gateway (PGlite migrations take seconds on a busy machine).
  it('behavior: without CONCORD_ADMIN_TOKEN the delivery log does not exist', {
    timeout: 60_000,
  }, async () => {
    const plain = await createGateway(createTestConfig())
    try {
      const res = await plain.app.request('/v1/admin/webhooks/deliveries', {
        headers: { authorization: `Bearer ${ADMIN}` },
      })
      expect(res.status).toBe(404)
    } finally {
      await plain.stop()
    }
  })

  it('behavior: a change heard from another process is not stored again', { timeout: 60_000 }, async () => {
    const store = await createDatabase({ databaseUrl: 'pglite:memory' })
    const bus = createLocalChangeBus()
    let deliver: Parameters<typeof bus.subscribe>[0] = () => undefined
    const remoteBus = {
      ...bus,
      subscribe: (listener: typeof deliver) => {
        deliver = listener
        return () => undefined
      },
    }
    const listener = listenForNotifications({
      changes: remoteBus,
      notifications: createNotificationsRepository(store.db),
      webhooks: [],
    })
    // A device follows SAFE on chain 1 (events of Safes nobody follows, without webhooks, are not stored).
    await store.db
      .insert(notificationSubscriptions)
      .values({ deviceUuid: 'd', chainId: 1, safe: SAFE, signer: null })
    const change = { type: 'MESSAGE_CREATED', chainId: 1, address: SAFE, messageHash: SAFE_TX_HASH } as const
    deliver(change, { local: false })
    deliver({ ...change, type: 'MESSAGE_CONFIRMED' }, { local: true })
    deliver({ ...change, type: 'MESSAGE_CONFIRMED', address: OTHER_SAFE }, { local: true })
    await listener.stop()
    const rows = await store.db.select().from(notificationEvents)
    expect(rows.map((r) => r.type)).toEqual(['MESSAGE_CONFIRMED'])
    await store.close()
  })

  it('behavior: stop() does not wait for a receiver that never answers', { timeout: 60_000 }, async () => {
    const hanging = createServer(() => undefined)
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}/`
    const gw = await createGateway(
      createTestConfig({ webhooks: [{ url, secret: SECRET, timeoutSeconds: 60 }] }),
    )
    gw.changes.publish({ type: 'READY_TO_EXECUTE', chainId: 31337, address: SAFE, safeTxHash: SAFE_TX_HASH })
    await new Promise((resolve) => setTimeout(resolve, 300))
    const started = Date.now()
    await gw.stop()
    expect(Date.now() - started).toBeLessThan(2_000)
    hanging.closeAllConnections()
    await new Promise<void>((resolve) => hanging.close(() => resolve()))
  })
})
