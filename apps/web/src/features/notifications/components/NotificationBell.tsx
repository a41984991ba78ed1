/** The header's notification centre (unread count and the feed of the open Safe's events). */
export function NotificationBell() {
  return null
}
