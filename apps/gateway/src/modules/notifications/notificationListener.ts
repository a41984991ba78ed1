// Turns committed changes into notification events: one notification_events row per event (unless the
// Safe's team switched its type off) plus a pending delivery per matching webhook, in one transaction.
// Only changes this process published are stored: on PostgreSQL every process hears every change, and the
// publisher alone must store it.
import { getAddress } from 'viem'
import type { ChangeBus } from '../../changes/changeBus.ts'
import type { NotificationsRepository } from './notifications.repository.ts'
import { isNotificationChange, type NotificationChange, notificationPayload } from './notificationTypes.ts'
import { type Webhook, webhooksFor } from './webhooks/webhookConfig.ts'

/** Attempts to store one event before it is given up (and logged with its whole content). */
const STORE_ATTEMPTS = 3

export function listenForNotifications(deps: {
  changes: ChangeBus
  notifications: NotificationsRepository
  webhooks: readonly Webhook[]
  /** Called after an event with webhook deliveries was stored. */
  onDeliveries?: () => void
  log?: (line: string) => void
}): { stop(): Promise<void> } {
  const log = deps.log ?? ((line: string) => console.error(line))
  // One at a time, in publication order: the feed's ids follow the order things happened.
  let queue: Promise<void> = Promise.resolve()

  const store = async (change: NotificationChange) => {
    const safe = getAddress(change.address)
    const urls = webhooksFor(deps.webhooks, { type: change.type, chainId: change.chainId, safe }).map(
      (w) => w.url,
    )
    for (let attempt = 1; ; attempt++) {
      try {
        const stored = await deps.notifications.storeEvent(
          {
            chainId: change.chainId,
            safe,
            type: change.type,
            payload: notificationPayload(change),
            createdAt: Date.now(),
          },
          urls,
        )
        if (stored?.deliveries) deps.onDeliveries?.()
        return
      } catch (error) {
        if (attempt >= STORE_ATTEMPTS) {
          log(
            `notifications: event not stored after ${attempt} attempts (${(error as Error).message}): ${JSON.stringify(change)}`,
          )
          return
        }
        await new Promise((resolve) => setTimeout(resolve, 200 * attempt))
      }
    }
  }

  const unsubscribe = deps.changes.subscribe((change, { local }) => {
    if (!local || !isNotificationChange(change)) return
    queue = queue.then(() => store(change))
  })
  return {
    async stop() {
      unsubscribe()
      await queue
    },
  }
}
