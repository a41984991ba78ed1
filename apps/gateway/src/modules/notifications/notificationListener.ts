// Turns committed changes into notification events: one notification_events row per event (unless the
// Safe's team switched its type off) plus a pending delivery per matching webhook, in one transaction.
// Only changes this process published are stored: on PostgreSQL every process hears every change, and the
// publisher alone must store it. Changes that arrive while a write runs are stored together in the next one
// (an indexer catching up publishes one per execution): a batch that fails is retried, then stored event by
// event, and an event that still fails is counted and logged with its whole content, never dropped silently.

import { getAddress } from 'viem'
import type { ChangeBus } from '../../changes/changeBus.ts'
import { log as rootLog } from '../../log/logger.ts'
import type { NotificationsRepository } from './notifications.repository.ts'
import { isNotificationChange, type NotificationChange, notificationPayload } from './notificationTypes.ts'
import { type Webhook, webhooksFor } from './webhooks/webhookConfig.ts'

/** Attempts to store one batch (and then each of its events) before it is given up. */
const STORE_ATTEMPTS = 3
const logger = rootLog.child({ module: 'notifications' })

/** Events per write. */
const BATCH_SIZE = 500

export function listenForNotifications(deps: {
  changes: ChangeBus
  notifications: Pick<NotificationsRepository, 'storeEvents'>
  webhooks: readonly Webhook[]
  /** Called after events with webhook deliveries were stored. */
  onDeliveries?: () => void
  log?: (line: string) => void
  /** Wait before attempt n + 1 (ms). */
  retryDelay?: (attempt: number) => number
}): { stop(): Promise<void>; status(): { stored: number; givenUp: number } } {
  const log = deps.log ?? ((line: string) => logger.warn(line))
  const retryDelay = deps.retryDelay ?? ((attempt: number) => 200 * attempt)
  // One write at a time, in publication order: the feed's ids follow the order things happened.
  let queue: Promise<void> = Promise.resolve()
  const pending: NotificationChange[] = []
  let stored = 0
  let givenUp = 0

  const toRow = (change: NotificationChange) => {
    const safe = getAddress(change.address)
    return {
      event: {
        chainId: change.chainId,
        safe,
        type: change.type,
        payload: notificationPayload(change),
        createdAt: Date.now(),
      },
      webhookUrls: webhooksFor(deps.webhooks, { type: change.type, chainId: change.chainId, safe }).map(
        (w) => w.url,
      ),
    }
  }

  /** Stores the batch, retried; false (and the last error) once every attempt failed. */
  const attempt = async (batch: NotificationChange[]): Promise<true | Error> => {
    for (let n = 1; ; n++) {
      try {
        const result = await deps.notifications.storeEvents(batch.map(toRow))
        stored += result.stored
        if (result.deliveries) deps.onDeliveries?.()
        return true
      } catch (error) {
        if (n >= STORE_ATTEMPTS) return error as Error
        await new Promise((resolve) => setTimeout(resolve, retryDelay(n)))
      }
    }
  }

  const flush = async () => {
    while (pending.length) {
      const batch = pending.splice(0, BATCH_SIZE)
      if ((await attempt(batch)) === true) continue
      // One bad event must not cost the others theirs: each on its own, and only those failing are given up.
      for (const change of batch) {
        const result = await attempt([change])
        if (result === true) continue
        givenUp++
        log(
          `notifications: event not stored after ${STORE_ATTEMPTS} attempts (${result.message}): ${JSON.stringify(change)}`,
        )
      }
    }
  }

  const unsubscribe = deps.changes.subscribe((change, { local }) => {
    if (!local || !isNotificationChange(change)) return
    pending.push(change)
    queue = queue.then(flush)
  })
  return {
    async stop() {
      unsubscribe()
      await queue
    },
    status: () => ({ stored, givenUp }),
  }
}
