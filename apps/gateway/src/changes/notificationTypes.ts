// Which changes on the bus a Safe's team is notified of (the list itself is shared with the web app:
// @concord/safe/notificationTypes).
import { NOTIFICATION_TYPES, type NotificationType } from '@concord/safe/notificationTypes'
import type { Change } from './changeBus.ts'

export type NotificationChange = Extract<Change, { type: NotificationType }>

const notified = new Set<string>(NOTIFICATION_TYPES)

/** Whether a change is one teams are notified of (indexing progress, deletions, team data are not). */
export function isNotificationChange(change: Change): change is NotificationChange {
  return notified.has(change.type)
}
