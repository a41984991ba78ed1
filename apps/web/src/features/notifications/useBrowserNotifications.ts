import { useEffect, useRef } from 'react'
import type { NotificationEvent } from './api/requests'
import { describeEvent } from './eventText'

/** Whether this browser can show system notifications, and may (the user allowed it). */
export const browserNotificationsAllowed = () =>
  typeof Notification !== 'undefined' && Notification.permission === 'granted'

/** Asks for permission to show system notifications (from a click); resolves to whether it was given. */
export async function requestBrowserNotifications(): Promise<boolean> {
  if (typeof Notification === 'undefined') return false
  if (Notification.permission !== 'default') return Notification.permission === 'granted'
  try {
    return (await Notification.requestPermission()) === 'granted'
  } catch {
    return false
  }
}

/**
 * Shows a system notification for each unread event that arrives while the app is open (not for those that
 * were there when it opened), when the user allowed notifications.
 */
export function useBrowserNotifications(events: readonly NotificationEvent[] | undefined, unread: number) {
  const seen = useRef<number | undefined>(undefined)
  useEffect(() => {
    if (!events) return
    const newest = events[0]?.id ?? 0
    if (seen.current === undefined) {
      seen.current = newest
      return
    }
    const fresh = events.slice(0, unread).filter((e) => e.id > (seen.current ?? 0))
    seen.current = Math.max(seen.current, newest)
    if (!fresh.length || !browserNotificationsAllowed()) return
    for (const event of fresh.slice(0, 5).reverse()) {
      const { title, detail } = describeEvent(event)
      try {
        // The tag keeps two open tabs from showing the same event twice.
        new Notification(title, { body: detail, tag: `concord-${event.chainId}-${event.id}` })
      } catch {
        // some browsers only allow notifications from a service worker: the bell still shows them
      }
    }
  }, [events, unread])
}
