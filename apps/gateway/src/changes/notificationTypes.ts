// The changes a Safe's team is notified of, named after the Safe Transaction Service's event types
// (TransactionServiceEventType) where one exists; READY_TO_EXECUTE and MESSAGE_CONFIRMED are Concord's.
// Shared tier: the configuration validates webhook event filters against this list.
import type { Change } from './changeBus.ts'

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
