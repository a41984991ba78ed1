// The events a Safe's team is notified of, named after the Safe Transaction Service's event types
// (TransactionServiceEventType) where one exists; READY_TO_EXECUTE and MESSAGE_CONFIRMED are Concord's.
import type { Change } from '../../changes/changeBus.ts'

export const NOTIFICATION_TYPES = [
  'PENDING_MULTISIG_TRANSACTION',
  'NEW_CONFIRMATION',
  'READY_TO_EXECUTE',
  'EXECUTED_MULTISIG_TRANSACTION',
  'INCOMING_ETHER',
  'INCOMING_TOKEN',
  'MESSAGE_CREATED',
  'MESSAGE_CONFIRMED',
] as const

export type NotificationType = (typeof NOTIFICATION_TYPES)[number]

export type NotificationChange = Extract<Change, { type: NotificationType }>

const notified = new Set<string>(NOTIFICATION_TYPES)

/** Whether a change is one teams are notified of (indexing progress, deletions, team data are not). */
export function isNotificationChange(change: Change): change is NotificationChange {
  return notified.has(change.type)
}

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
