// Several gateway processes share the webhook_deliveries table (PostgreSQL): their workers claim due rows
// with FOR UPDATE SKIP LOCKED, so each delivery is attempted by one of them, never twice. Runs on PGlite
// (two workers on one store) and, with TEST_DATABASE_URL, on two PostgreSQL pools of one database.

import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { createDatabase, type Store } from '../../../db/createDatabase.ts'
import { notificationSubscriptions, webhookDeliveries } from '../../../db/schema.ts'
import { createLogger } from '../../../log/logger.ts'
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from '../../../testing/testDatabases.ts'
import { createNotificationsRepository } from '../notifications.repository.ts'
import { webhookSchema } from './webhookConfig.ts'
import { createWebhookDeliveriesRepository } from './webhookDeliveries.repository.ts'
import { startWebhookWorker } from './webhookWorker.ts'

const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const EVENTS = 30

const cleanup: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const step of cleanup.reverse()) await step()
})

describe.each(testDatabaseKinds())('webhook workers sharing one table (%s)', (kind) => {
  it('behavior: two workers deliver every event exactly once', { timeout: 120_000 }, async () => {
    const received: string[] = []
    const server = createServer((req, res) => {
      received.push(String(req.headers['x-concord-delivery']))
      req.resume()
      // Slow enough that both workers are busy at once.
      setTimeout(() => res.writeHead(204).end(), 30)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    cleanup.push(() => new Promise((resolve) => server.close(() => resolve())))
    const webhook = webhookSchema.parse({
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
      secret: 'shared-secret-0123456789',
    })

    const database: TestDatabase = await createTestDatabase(kind)
    cleanup.push(() => database.drop())
    const first: Store = await createDatabase({ databaseUrl: database.url })
    cleanup.push(() => first.close())
    const second: Store = kind === 'postgres' ? await createDatabase({ databaseUrl: database.url }) : first
    if (second !== first) cleanup.push(() => second.close())

    const notifications = createNotificationsRepository(first.db)
    await first.db
      .insert(notificationSubscriptions)
      .values({ deviceUuid: 'd', chainId: 1, safe: SAFE, signer: null })
    for (let i = 0; i < EVENTS; i++)
      await notifications.storeEvent(
        { chainId: 1, safe: SAFE, type: 'NEW_CONFIRMATION', payload: { i }, createdAt: Date.now() },
        [webhook.url],
      )

    const log = createLogger({ level: 'silent' })
    const workers = [first, second].map((store) =>
      startWebhookWorker({
        deliveries: createWebhookDeliveriesRepository(store.db),
        webhooks: [webhook],
        log,
      }),
    )
    try {
      await vi.waitFor(
        async () => {
          const rows = await first.db.select().from(webhookDeliveries)
          expect(rows.filter((r) => r.status === 'DELIVERED')).toHaveLength(EVENTS)
        },
        { timeout: 60_000, interval: 200 },
      )
    } finally {
      await Promise.all(workers.map((w) => w.stop()))
    }
    expect(received).toHaveLength(EVENTS)
    expect(new Set(received).size).toBe(EVENTS)
    const rows = await first.db.select().from(webhookDeliveries)
    expect(rows.every((r) => r.attempts === 1)).toBe(true)
  })
})
