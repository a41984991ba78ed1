// The changes a Safe's team is notified of, named after the Safe Transaction Service's event types
// (TransactionServiceEventType) where one exists; READY_TO_EXECUTE and MESSAGE_CONFIRMED are Concord's.
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
] as const

export type NotificationType = (typeof NOTIFICATION_TYPES)[number]
