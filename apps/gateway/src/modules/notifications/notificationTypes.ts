// How notification events read in the feed and webhooks (the types themselves: @concord/safe/notificationTypes).
import type { NotificationChange } from '../../changes/notificationTypes.ts'

export { isNotificationChange, type NotificationChange } from '../../changes/notificationTypes.ts'

/** The event's details: everything of the change but the Safe it belongs to. */
export function notificationPayload(change: NotificationChange): Record<string, unknown> {
  const { type: _type, chainId: _chainId, address: _address, ...rest } = change
  return rest
}

/**
 * One event as the feed and webhooks show it, flat as the Transaction Service's webhooks (chainId a string):
 * `{id, type, chainId, address, createdAt, safeTxHash?, owner?, txHash?, messageHash?, …}`.
 */
export function notificationBody(row: {
  id: number
  chainId: number
  safe: string
  type: string
  payload: Record<string, unknown>
  createdAt: number
}) {
  return {
    ...row.payload,
    id: row.id,
    type: row.type,
    chainId: String(row.chainId),
    address: row.safe,
    createdAt: row.createdAt,
  }
}
