// Notifications: devices, subscriptions, preferences, the event feed and webhook deliveries.
import { bigint, index, integer, jsonb, pgTable, primaryKey, serial, text } from 'drizzle-orm/pg-core'

/** Devices registered by POST /v1/register/notifications. */
export const notificationDevices = pgTable('notification_devices', {
  uuid: text('uuid').primaryKey(),
  deviceType: text('device_type').$type<'ANDROID' | 'IOS' | 'WEB'>().notNull(),
  cloudMessagingToken: text('cloud_messaging_token').notNull(),
  buildNumber: text('build_number').notNull(),
  bundle: text('bundle').notNull(),
  version: text('version').notNull(),
  /** Milliseconds. */
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  /** The newest feed event id the device has read (its unread count starts after it). */
  readUpTo: bigint('read_up_to', { mode: 'number' }).notNull().default(0),
})

/** A device's subscription to one Safe, with the owner whose signature registered it. */
export const notificationSubscriptions = pgTable(
  'notification_subscriptions',
  {
    deviceUuid: text('device_uuid').notNull(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    signer: text('signer'),
  },
  (t) => [
    primaryKey({ columns: [t.deviceUuid, t.chainId, t.safe] }),
    index('notification_subscriptions_by_safe').on(t.chainId, t.safe),
  ],
)

/** Which event types a Safe's team wants delivered (team data: changed by a signed-in owner). No row = all. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    /** Event types switched off for this Safe. */
    disabledTypes: jsonb('disabled_types').$type<string[]>().notNull(),
    updatedBy: text('updated_by').notNull(),
    /** Milliseconds. */
    updatedAt: bigint('updated_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.safe] })],
)

/** Every notification event, per Safe: the feed the web notification centre reads and webhooks deliver. */
export const notificationEvents = pgTable(
  'notification_events',
  {
    id: serial('id').primaryKey(),
    chainId: bigint('chain_id', { mode: 'number' }).notNull(),
    safe: text('safe').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    /** Milliseconds. */
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('notification_events_by_safe').on(t.chainId, t.safe, t.id)],
)

/** One webhook delivery of one event: retried with backoff until delivered or out of attempts (the operator's log). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id').notNull(),
    /** The configured webhook's URL (its secret stays in the configuration). */
    url: text('url').notNull(),
    status: text('status').$type<'PENDING' | 'DELIVERED' | 'FAILED'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lastStatusCode: integer('last_status_code'),
    /** Milliseconds. */
    nextAttemptAt: bigint('next_attempt_at', { mode: 'number' }).notNull(),
    deliveredAt: bigint('delivered_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('webhook_deliveries_due').on(t.status, t.nextAttemptAt)],
)

/** Rows as the store returns them. */
export type Device = typeof notificationDevices.$inferSelect
export type Subscription = typeof notificationSubscriptions.$inferSelect
export type NotificationEventRow = typeof notificationEvents.$inferSelect
