// The webhook delivery log: one row per (event, webhook URL), PENDING until DELIVERED or FAILED, with the
// attempt count and the last answer. Several gateway processes may share it (PostgreSQL): a claim locks the
// due rows with FOR UPDATE SKIP LOCKED and leases them, so each attempt is made by one process.
import { and, asc, count, desc, eq, inArray, lte, min } from 'drizzle-orm'
import type { Database } from '../../../db/createDatabase.ts'
import { notificationEvents, webhookDeliveries } from '../../../db/schema.ts'
import type { NotificationEventRow } from '../notifications.repository.ts'

export type Delivery = typeof webhookDeliveries.$inferSelect
export type DeliveryStatus = Delivery['status']

export function createWebhookDeliveriesRepository(db: Database) {
  return {
    /**
     * Takes up to `limit` due PENDING deliveries with their events, and pushes their next attempt `leaseMs`
     * ahead: should this process die mid-attempt, another one retries after the lease.
     */
    async claimDue(
      now: number,
      limit: number,
      leaseMs: number,
    ): Promise<{ delivery: Delivery; event: NotificationEventRow }[]> {
      return db.transaction(async (tx) => {
        const due = await tx
          .select()
          .from(webhookDeliveries)
          .where(and(eq(webhookDeliveries.status, 'PENDING'), lte(webhookDeliveries.nextAttemptAt, now)))
          .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.id))
          .limit(limit)
          .for('update', { skipLocked: true })
        if (!due.length) return []
        const ids = due.map((d) => d.id)
        await tx
          .update(webhookDeliveries)
          .set({ nextAttemptAt: now + leaseMs })
          .where(inArray(webhookDeliveries.id, ids))
        const events = await tx
          .select()
          .from(notificationEvents)
          .where(
            inArray(
              notificationEvents.id,
              due.map((d) => d.eventId),
            ),
          )
        const byId = new Map(events.map((e) => [e.id, e]))
        return due.flatMap((delivery) => {
          const event = byId.get(delivery.eventId)
          return event ? [{ delivery, event }] : []
        })
      })
    },

    /** When the next PENDING delivery is due (ms), if any. */
    async nextDueAt(): Promise<number | undefined> {
      const [row] = await db
        .select({ at: min(webhookDeliveries.nextAttemptAt) })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.status, 'PENDING'))
      return row?.at ?? undefined
    },

    /** Records one attempt: DELIVERED, FAILED (out of attempts) or PENDING again at `nextAttemptAt`. */
    async recordAttempt(
      id: number,
      result: {
        status: DeliveryStatus
        attempts: number
        statusCode: number | null
        error: string | null
        nextAttemptAt: number
        deliveredAt: number | null
      },
    ): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({
          status: result.status,
          attempts: result.attempts,
          lastStatusCode: result.statusCode,
          lastError: result.error,
          nextAttemptAt: result.nextAttemptAt,
          deliveredAt: result.deliveredAt,
        })
        .where(eq(webhookDeliveries.id, id))
    },

    /** Gives a claimed delivery back (its attempt was cut short by a shutdown, not made): due now. */
    async release(id: number, now: number): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({ nextAttemptAt: now })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'PENDING')))
    },

    /** The operator's log, newest first, optionally of one status. */
    async page(filter: { status?: DeliveryStatus }, limit: number, offset: number) {
      const where = filter.status ? eq(webhookDeliveries.status, filter.status) : undefined
      const [rows, [total]] = await Promise.all([
        db
          .select({ delivery: webhookDeliveries, eventType: notificationEvents.type })
          .from(webhookDeliveries)
          .leftJoin(notificationEvents, eq(notificationEvents.id, webhookDeliveries.eventId))
          .where(where)
          .orderBy(desc(webhookDeliveries.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(webhookDeliveries).where(where),
      ])
      return { rows, count: total?.n ?? 0 }
    },
  }
}

export type WebhookDeliveriesRepository = ReturnType<typeof createWebhookDeliveriesRepository>
