// The changes a Safe's team is notified of, named after the Safe Transaction Service's event types
// (TransactionServiceEventType) where one exists; READY_TO_EXECUTE, MESSAGE_CONFIRMED and RECOVERY_PROPOSED
// (a recoverer started a recovery on one of the Safe's Delay modifiers) are Concord's.
// One list for the gateway (feed, preferences, webhook filters) and the web app (labels, settings).
export const NOTIFICATION_TYPES = [
  'PENDING_MULTISIG_TRANSACTION',
  'NEW_CONFIRMATION',
  'READY_TO_EXECUTE',
  'EXECUTED_MULTISIG_TRANSACTION',
  'INCOMING_ETHER',
  'INCOMING_TOKEN',
  'MESSAGE_CREATED',
  'MESSAGE_CONFIRMED',
  'RECOVERY_PROPOSED',
] as const

export type NotificationType = (typeof NOTIFICATION_TYPES)[number]
