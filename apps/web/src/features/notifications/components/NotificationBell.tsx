import './notifications.css'
import { getTransactionDetails, type TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useContext, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { AddressNamesContext } from '../../../components/ui/AddressNamesContext'
import { KnownTokensContext } from '../../../components/ui/KnownTokensContext'
import { formatGatewayError, gatewayCall, gatewayScope } from '../../../lib/gateway'
import { notificationKeys } from '../api/keys'
import { chainSummariesQueryOptions, feedQueryOptions } from '../api/queries'
import { type ChainSummary, markRead, type NotificationEvent } from '../api/requests'
import { forgetDevice, useNotificationDevice } from '../device'
import { describeEvent, eventPath } from '../eventText'
import { useBrowserNotifications } from '../useBrowserNotifications'

/** Settings → Notifications, for the Safe open now (the link keeps its `safe` parameter). */
const settingsPath = () => `/settings/notifications${window.location.search}`

export type NotificationBellProps = {
  /** A transaction's action as a phrase ("send 1 cUSD to Alice"), for the sentence of its events. */
  describeAction?:
    | ((
        details: TransactionDetails,
        native: ChainSummary['nativeCurrency'],
        nameOf: (address: string) => string | undefined,
      ) => string)
    | undefined
}

/**
 * The header's notification centre: the unread count and the feed of the Safes this browser follows. What
 * was shown is read: closing the panel marks it so, and the count clears.
 */
export function NotificationBell({ describeAction }: NotificationBellProps) {
  const device = useNotificationDevice()
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const feed = useQuery({ ...feedQueryOptions(device?.uuid ?? ''), enabled: !!device })
  const unread = device ? (feed.data?.unread ?? 0) : 0
  // The newest event the open panel showed: read once the panel closes.
  const shownUpTo = useRef<number | undefined>(undefined)
  useEffect(() => {
    if (open) {
      shownUpTo.current = feed.data?.results[0]?.id
      return
    }
    const upTo = shownUpTo.current
    shownUpTo.current = undefined
    if (!device || upTo === undefined || !unread) return
    markRead(device.uuid, upTo)
      .then(() => queryClient.invalidateQueries({ queryKey: notificationKeys.feed(device.uuid) }))
      .catch(() => undefined) // still unread: the next close tries again
  }, [open, feed.data, device, unread, queryClient])
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
              describeAction={describeAction}
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
  describeAction: NotificationBellProps['describeAction']
  uuid: string
  events: NotificationEvent[] | undefined
  unread: number
  error: string | null
  onNavigate(): void
}) {
  const queryClient = useQueryClient()
  const chains = useQuery(chainSummariesQueryOptions())
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
          {p.events.map((event, i) => (
            <NotificationItem
              key={event.id}
              event={event}
              unread={i < p.unread}
              chain={chains.data?.[event.chainId]}
              describeAction={p.describeAction}
              onNavigate={p.onNavigate}
            />
          ))}
        </ul>
      )}
    </>
  )
}

/** One event as a sentence with names; a transaction's action is read from its details (fetched once). */
function NotificationItem(p: {
  event: NotificationEvent
  unread: boolean
  chain: ChainSummary | undefined
  describeAction: NotificationBellProps['describeAction']
  onNavigate(): void
}) {
  const { event, chain } = p
  const nameOf = useContext(AddressNamesContext)
  const tokens = useContext(KnownTokensContext)
  const details = useQuery({
    queryKey: [gatewayScope(), 'notifications', 'details', event.chainId, event.address, event.safeTxHash],
    queryFn: () =>
      gatewayCall(() =>
        getTransactionDetails(event.chainId, `multisig_${event.address}_${event.safeTxHash}`),
      ),
    enabled: !!event.safeTxHash && !!p.describeAction,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
  const info = details.data?.detailedExecutionInfo
  const { title, detail } = describeEvent(event, {
    nameOf: (address) => nameOf(address, event.chainId),
    action:
      details.data && chain && p.describeAction
        ? p.describeAction(details.data, chain.nativeCurrency, (address) => nameOf(address, event.chainId))
        : undefined,
    proposer: info?.type === 'MULTISIG' ? (info.proposer?.value ?? undefined) : undefined,
    native: chain?.nativeCurrency,
    tokenOf: (address) =>
      tokens.chainId === event.chainId ? tokens.tokens.get(address.toLowerCase()) : undefined,
  })
  return (
    <li
      className={`notification-item${p.unread ? ' unread' : ''}`}
      data-testid="notification-item"
      data-type={event.type}
      data-unread={p.unread}
    >
      <Link to={chain ? eventPath(event, `${chain.shortName}:${event.address}`) : '/'} onClick={p.onNavigate}>
        <strong data-testid="notification-text">{title}</strong>
        <br />
        <span className="muted small">
          {detail} · {new Date(event.createdAt).toLocaleString()}
        </span>
      </Link>
    </li>
  )
}
