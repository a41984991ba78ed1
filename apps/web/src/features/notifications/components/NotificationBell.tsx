import './notifications.css'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { formatGatewayError } from '../../../lib/gateway'
import { markRead, type NotificationEvent } from '../api'
import { forgetDevice, useNotificationDevice } from '../device'
import { describeEvent, eventPath } from '../eventText'
import { feedQueryOptions, notificationKeys, shortNamesQueryOptions } from '../queries'
import { useBrowserNotifications } from '../useBrowserNotifications'

/** Settings → Notifications, for the Safe open now (the link keeps its `safe` parameter). */
const settingsPath = () => `/settings/notifications${window.location.search}`

/** The header's notification centre: the unread count and the feed of the Safes this browser follows. */
export function NotificationBell() {
  const device = useNotificationDevice()
  const [open, setOpen] = useState(false)
  const feed = useQuery({ ...feedQueryOptions(device?.uuid ?? ''), enabled: !!device })
  const unread = device ? (feed.data?.unread ?? 0) : 0
  useBrowserNotifications(feed.data?.results, unread)
  const gone = (feed.error as { code?: number } | null)?.code === 404
  const root = useRef<HTMLDivElement>(null)
  // Like a menu: Escape and a click anywhere else close it.
  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false)
    }
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
    }
  }, [open])
  useEffect(() => {
    // The gateway no longer knows this browser (e.g. a reset database): Settings offers to enable it again.
    if (gone) forgetDevice()
  }, [gone])

  return (
    <div className="notification-bell" data-testid="notification-bell" ref={root}>
      <button
        type="button"
        className="notification-bell-button"
        aria-label={unread ? `Notifications (${unread} unread)` : 'Notifications'}
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="notification-bell-button"
      >
        <svg
          aria-hidden="true"
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
          <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
        </svg>
        {unread ? (
          <span className="notification-unread" data-testid="notification-unread">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </button>
      {open ? (
        <div
          className="notification-panel"
          role="dialog"
          aria-label="Notifications"
          data-testid="notification-panel"
        >
          {device ? (
            <FeedPanel
              uuid={device.uuid}
              events={feed.data?.results}
              unread={unread}
              error={feed.error && !gone ? formatGatewayError(feed.error) : null}
              onNavigate={() => setOpen(false)}
            />
          ) : (
            <p className="muted small" data-testid="notifications-off">
              Notifications are off in this browser. Turn them on for a Safe in{' '}
              <Link
                to={settingsPath()}
                onClick={() => setOpen(false)}
                data-testid="notification-settings-link"
              >
                Settings → Notifications
              </Link>
              .
            </p>
          )}
        </div>
      ) : null}
    </div>
  )
}

function FeedPanel(p: {
  uuid: string
  events: NotificationEvent[] | undefined
  unread: number
  error: string | null
  onNavigate(): void
}) {
  const queryClient = useQueryClient()
  const shortNames = useQuery(shortNamesQueryOptions())
  const [marking, setMarking] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const newest = p.events?.[0]?.id

  const markAllRead = async () => {
    if (newest === undefined) return
    setMarking(true)
    setError(null)
    try {
      await markRead(p.uuid, newest)
      await queryClient.invalidateQueries({ queryKey: notificationKeys.feed(p.uuid) })
    } catch (cause) {
      setError(formatGatewayError(cause))
    } finally {
      setMarking(false)
    }
  }

  return (
    <>
      <div className="notification-panel-head">
        <strong>Notifications</strong>
        <Link
          to={settingsPath()}
          onClick={p.onNavigate}
          className="small"
          data-testid="notification-settings-link"
        >
          Settings
        </Link>
        <button
          type="button"
          className="button small-button"
          onClick={() => void markAllRead()}
          disabled={!p.unread || marking}
          data-testid="notifications-mark-read"
        >
          Mark all read
        </button>
      </div>
      {p.error || error ? (
        <p className="error-text" role="alert">
          {p.error ?? error}
        </p>
      ) : null}
      {!p.events ? (
        <p className="muted small">Loading…</p>
      ) : p.events.length === 0 ? (
        <p className="muted small" data-testid="notifications-empty">
          Nothing yet. New proposals, signatures, executions, incoming funds and messages of the Safes you
          follow show up here.
        </p>
      ) : (
        <ul className="notification-list" data-testid="notification-list">
          {p.events.map((event, i) => {
            const { title, detail } = describeEvent(event)
            const shortName = shortNames.data?.[event.chainId]
            return (
              <li
                key={event.id}
                className={`notification-item${i < p.unread ? ' unread' : ''}`}
                data-testid="notification-item"
                data-type={event.type}
                data-unread={i < p.unread}
              >
                <Link
                  to={shortName ? eventPath(event, `${shortName}:${event.address}`) : '/'}
                  onClick={p.onNavigate}
                >
                  <strong>{title}</strong>
                  <br />
                  <span className="muted small">
                    {detail} · {new Date(event.createdAt).toLocaleString()}
                  </span>
                </Link>
              </li>
            )
          })}
        </ul>
      )}
    </>
  )
}
