// Devices, their Safe subscriptions, the teams' preferences and the event feed. Only this file (and the
// webhook deliveries repository) touches the notification tables.
import { and, count, countDistinct, desc, eq, gt, inArray, max, sql } from 'drizzle-orm'
import type { Database } from '../../db/createDatabase.ts'
import {
  type Device,
  type NotificationEventRow,
  notificationDevices,
  notificationEvents,
  notificationPreferences,
  notificationSubscriptions,
  type Subscription,
  webhookDeliveries,
} from '../../db/schema.ts'
import { HttpError } from '../../http/errors.ts'

export type { Device, NotificationEventRow, Subscription } from '../../db/schema.ts'

/** Safes one device may follow in all (a registration adding more is refused, nothing stored). */
export const MAX_SUBSCRIPTIONS_PER_DEVICE = 100
/** Devices one owner's signature may register for notifications (a person has a few browsers and phones). */
export const MAX_DEVICES_PER_SIGNER = 20

export function createNotificationsRepository(db: Database) {
  return {
    async device(uuid: string): Promise<Device | undefined> {
      const [row] = await db.select().from(notificationDevices).where(eq(notificationDevices.uuid, uuid))
      return row
    },

    /**
     * Stores a device and its Safe subscriptions in one transaction. A new device starts with everything
     * before it read (its unread count covers what happens after it registered). `replace` drops the
     * device's other subscriptions first (CGW does this for mobile devices).
     */
    async register(
      device: Omit<Device, 'createdAt' | 'readUpTo'>,
      subscriptions: readonly Subscription[],
      replace: boolean,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [latest] = await tx.select({ id: max(notificationEvents.id) }).from(notificationEvents)
        const { uuid, ...fields } = device
        await tx
          .insert(notificationDevices)
          .values({ ...device, createdAt: Date.now(), readUpTo: latest?.id ?? 0 })
          .onConflictDoUpdate({ target: notificationDevices.uuid, set: fields })
        if (replace)
          await tx.delete(notificationSubscriptions).where(eq(notificationSubscriptions.deviceUuid, uuid))
        if (subscriptions.length)
          await tx
            .insert(notificationSubscriptions)
            .values([...subscriptions])
            .onConflictDoUpdate({
              target: [
                notificationSubscriptions.deviceUuid,
                notificationSubscriptions.chainId,
                notificationSubscriptions.safe,
              ],
              set: { signer: sql`excluded.signer` },
            })
        const [total] = await tx
          .select({ n: count() })
          .from(notificationSubscriptions)
          .where(eq(notificationSubscriptions.deviceUuid, uuid))
        // Thrown inside the transaction: it rolls back, so nothing of this registration stays.
        if ((total?.n ?? 0) > MAX_SUBSCRIPTIONS_PER_DEVICE)
          throw new HttpError(422, `A device may follow at most ${MAX_SUBSCRIPTIONS_PER_DEVICE} Safes`)
        const signers = [...new Set(subscriptions.map((s) => s.signer).filter((s): s is string => !!s))]
        if (signers.length) {
          const [most] = await tx
            .select({
              signer: notificationSubscriptions.signer,
              devices: countDistinct(notificationSubscriptions.deviceUuid),
            })
            .from(notificationSubscriptions)
            .where(inArray(notificationSubscriptions.signer, signers))
            .groupBy(notificationSubscriptions.signer)
            .orderBy(desc(countDistinct(notificationSubscriptions.deviceUuid)))
            .limit(1)
          if (most && most.devices > MAX_DEVICES_PER_SIGNER)
            throw new HttpError(
              422,
              `${most.signer} has signed notifications for ${MAX_DEVICES_PER_SIGNER} devices, the most allowed: unregister one first`,
            )
        }
      })
    },

    async subscriptions(uuid: string): Promise<Subscription[]> {
      return db.select().from(notificationSubscriptions).where(eq(notificationSubscriptions.deviceUuid, uuid))
    },

    async unregisterSafe(uuid: string, chainId: number, safe: string): Promise<void> {
      await db
        .delete(notificationSubscriptions)
        .where(
          and(
            eq(notificationSubscriptions.deviceUuid, uuid),
            eq(notificationSubscriptions.chainId, chainId),
            eq(notificationSubscriptions.safe, safe),
          ),
        )
    },

    async unregisterDevice(uuid: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(notificationSubscriptions).where(eq(notificationSubscriptions.deviceUuid, uuid))
        await tx.delete(notificationDevices).where(eq(notificationDevices.uuid, uuid))
      })
    },

    /** Events of the Safes the device follows, newest first, with how many are newer than its read mark. */
    async feed(device: Device, limit: number, offset: number) {
      const followed = and(
        eq(notificationSubscriptions.deviceUuid, device.uuid),
        eq(notificationSubscriptions.chainId, notificationEvents.chainId),
        eq(notificationSubscriptions.safe, notificationEvents.safe),
      )
      const base = () =>
        db.select({ n: count() }).from(notificationEvents).innerJoin(notificationSubscriptions, followed)
      const [rows, [total], [unread]] = await Promise.all([
        db
          .select({ event: notificationEvents })
          .from(notificationEvents)
          .innerJoin(notificationSubscriptions, followed)
          .orderBy(desc(notificationEvents.id))
          .limit(limit)
          .offset(offset),
        base(),
        base().where(gt(notificationEvents.id, device.readUpTo)),
      ])
      return { rows: rows.map((r) => r.event), count: total?.n ?? 0, unread: unread?.n ?? 0 }
    },

    /** Moves the device's read mark forward to `upTo` (never back, never past the newest event). */
    async markRead(uuid: string, upTo: number): Promise<void> {
      const [latest] = await db.select({ id: max(notificationEvents.id) }).from(notificationEvents)
      const mark = Math.min(upTo, latest?.id ?? 0)
      await db
        .update(notificationDevices)
        .set({ readUpTo: sql`greatest(${notificationDevices.readUpTo}, ${mark})` })
        .where(eq(notificationDevices.uuid, uuid))
    },

    async preferences(chainId: number, safe: string) {
      const [row] = await db
        .select()
        .from(notificationPreferences)
        .where(and(eq(notificationPreferences.chainId, chainId), eq(notificationPreferences.safe, safe)))
      return row
    },

    async setPreferences(row: typeof notificationPreferences.$inferInsert): Promise<void> {
      await db
        .insert(notificationPreferences)
        .values(row)
        .onConflictDoUpdate({
          target: [notificationPreferences.chainId, notificationPreferences.safe],
          set: { disabledTypes: row.disabledTypes, updatedBy: row.updatedBy, updatedAt: row.updatedAt },
        })
    },

    /**
     * storeEvent() for many events in one transaction and a handful of statements (the indexer publishes one
     * per execution while it catches up): the same filters, read once for all the batch's Safes. The events
     * keep their order (their ids follow it). Returns how many were stored and how many deliveries were queued.
     */
    async storeEvents(
      batch: readonly { event: Omit<NotificationEventRow, 'id'>; webhookUrls: readonly string[] }[],
    ): Promise<{ stored: number; deliveries: number }> {
      if (!batch.length) return { stored: 0, deliveries: 0 }
      const keyOf = (r: { chainId: number; safe: string }) => `${r.chainId}:${r.safe}`
      const pairs = [...new Map(batch.map((b) => [keyOf(b.event), b.event])).values()].map(
        (e) => sql`(${e.chainId}, ${e.safe})`,
      )
      return db.transaction(async (tx) => {
        const prefs = await tx
          .select()
          .from(notificationPreferences)
          .where(
            sql`(${notificationPreferences.chainId}, ${notificationPreferences.safe}) in (${sql.join(pairs, sql`, `)})`,
          )
        const followed = await tx
          .selectDistinct({
            chainId: notificationSubscriptions.chainId,
            safe: notificationSubscriptions.safe,
          })
          .from(notificationSubscriptions)
          .where(
            sql`(${notificationSubscriptions.chainId}, ${notificationSubscriptions.safe}) in (${sql.join(pairs, sql`, `)})`,
          )
        const disabled = new Map(prefs.map((p) => [keyOf(p), p.disabledTypes]))
        const followers = new Set(followed.map(keyOf))
        const kept = batch.filter(
          (b) =>
            !disabled.get(keyOf(b.event))?.includes(b.event.type) &&
            (b.webhookUrls.length > 0 || followers.has(keyOf(b.event))),
        )
        if (!kept.length) return { stored: 0, deliveries: 0 }
        const ids = (
          await tx
            .insert(notificationEvents)
            .values(kept.map((b) => b.event))
            .returning({ id: notificationEvents.id })
        )
          .map((r) => r.id)
          // Serial ids are drawn in the order of the rows: the smallest belongs to the first event.
          .sort((a, b) => a - b)
        if (ids.length !== kept.length) throw new Error('notification events not stored')
        const deliveries = kept.flatMap((b, i) =>
          b.webhookUrls.map((url) => ({
            eventId: ids[i] as number,
            url,
            status: 'PENDING' as const,
            nextAttemptAt: b.event.createdAt,
            createdAt: b.event.createdAt,
          })),
        )
        if (deliveries.length) await tx.insert(webhookDeliveries).values(deliveries)
        return { stored: kept.length, deliveries: deliveries.length }
      })
    },

    /**
     * Stores an event unless the Safe's team switched its type off or nobody would see it (no device follows
     * the Safe and no webhook wants it: the indexer reports every Safe of the chain), with one pending delivery
     * per webhook URL, in one transaction (a delivery is never lost between the two). Returns the event, or
     * undefined.
     */
    async storeEvent(
      event: Omit<NotificationEventRow, 'id'>,
      webhookUrls: readonly string[],
    ): Promise<{ event: NotificationEventRow; deliveries: number } | undefined> {
      return db.transaction(async (tx) => {
        const [prefs] = await tx
          .select({ disabled: notificationPreferences.disabledTypes })
          .from(notificationPreferences)
          .where(
            and(
              eq(notificationPreferences.chainId, event.chainId),
              eq(notificationPreferences.safe, event.safe),
            ),
          )
        if (prefs?.disabled.includes(event.type)) return undefined
        if (!webhookUrls.length) {
          const [follower] = await tx
            .select({ uuid: notificationSubscriptions.deviceUuid })
            .from(notificationSubscriptions)
            .where(
              and(
                eq(notificationSubscriptions.chainId, event.chainId),
                eq(notificationSubscriptions.safe, event.safe),
              ),
            )
            .limit(1)
          if (!follower) return undefined
        }
        const [stored] = await tx.insert(notificationEvents).values(event).returning()
        if (!stored) throw new Error('notification event not stored')
        if (webhookUrls.length)
          await tx.insert(webhookDeliveries).values(
            webhookUrls.map((url) => ({
              eventId: stored.id,
              url,
              status: 'PENDING' as const,
              nextAttemptAt: event.createdAt,
              createdAt: event.createdAt,
            })),
          )
        return { event: stored, deliveries: webhookUrls.length }
      })
    },
  }
}

export type NotificationsRepository = ReturnType<typeof createNotificationsRepository>
