// The background half of notifications, started by createGateway: the change-bus listener that stores
// events, and the webhook worker that delivers them. stop() ends both without waiting for slow receivers.
import type { ChangeBus } from '../../changes/changeBus.ts'
import type { Database } from '../../db/createDatabase.ts'
import { listenForNotifications } from './notificationListener.ts'
import { createNotificationsRepository } from './notifications.repository.ts'
import type { Webhook } from './webhooks/webhookConfig.ts'
import { createWebhookDeliveriesRepository } from './webhooks/webhookDeliveries.repository.ts'
import { startWebhookWorker } from './webhooks/webhookWorker.ts'

export function startNotifications(deps: {
  db: Database
  changes: ChangeBus
  webhooks: readonly Webhook[]
}): { stop(): Promise<void> } {
  // Always running, also without webhooks: deliveries left over from a removed webhook are closed as FAILED.
  const worker = startWebhookWorker({
    deliveries: createWebhookDeliveriesRepository(deps.db),
    webhooks: deps.webhooks,
  })
  const listener = listenForNotifications({
    changes: deps.changes,
    notifications: createNotificationsRepository(deps.db),
    webhooks: deps.webhooks,
    onDeliveries: () => worker.wake(),
  })
  return {
    async stop() {
      await listener.stop()
      await worker.stop()
    },
  }
}
