import './notifications.css'
import type { NotificationType } from '@concord/safe/notificationTypes'
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { signMessage } from 'wagmi/actions'
import { BusyButton } from '../../../components/ui/BusyButton'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { useSignIn } from '../../../components/ui/SignInContext'
import { SignInPrompt } from '../../../components/ui/SignInPrompt'
import { formatGatewayError } from '../../../lib/gateway'
import { notificationKeys } from '../api/keys'
import { preferencesQueryOptions } from '../api/queries'
import {
  type NotificationPreferences,
  putPreferences,
  registerDevice,
  registrationHash,
  unregisterSafe,
  WEB_TOKEN,
} from '../api/requests'
import { deviceUuid, forgetSafe, rememberSafe, safeKey, useNotificationDevice } from '../device'
import { typeLabel } from '../eventText'
import { browserNotificationsAllowed, requestBrowserNotifications } from '../useBrowserNotifications'

export type NotificationSettingsProps = {
  chain: ChainInfo
  safe: Address
  /** The connected wallet, if any. */
  account: Address | undefined
  /** Whether the connected wallet owns the Safe (an owner's signature lets a browser follow it). */
  isOwner: boolean
  /** Whether an address is an owner of the Safe (for the signed-in one). */
  ownsSafe(address: string | undefined): boolean
}

/** Settings → Notifications: this browser's notifications for the open Safe, and the team's event types. */
export function NotificationSettings(props: NotificationSettingsProps) {
  return (
    <>
      <BrowserNotifications {...props} />
      <TeamPreferences {...props} />
    </>
  )
}

function BrowserNotifications({ chain, safe, account, isOwner }: NotificationSettingsProps) {
  const config = useConfig()
  const queryClient = useQueryClient()
  const device = useNotificationDevice()
  const enabled = !!device?.safes.includes(safeKey(chain.chainId, safe))
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [allowed, setAllowed] = useState(browserNotificationsAllowed)

  const enable = async () => {
    if (!account) return
    setBusy(true)
    setError(null)
    // Asked from the click itself (browsers refuse a prompt without one); the feed works either way.
    const permission = requestBrowserNotifications().then(setAllowed)
    try {
      const uuid = deviceUuid()
      const timestamp = String(Math.floor(Date.now() / 1000))
      const hash = registrationHash({ timestamp, uuid, token: WEB_TOKEN, safes: [safe] })
      const signature = await signMessage(config, { account, message: { raw: hash } })
      await registerDevice({ uuid, timestamp, chainId: chain.chainId, safes: [safe], signature })
      rememberSafe(uuid, chain.chainId, safe)
      await queryClient.invalidateQueries({ queryKey: notificationKeys.feeds() })
    } catch (cause) {
      setError(formatGatewayError(cause))
    } finally {
      await permission
      setBusy(false)
    }
  }

  const disable = async () => {
    if (!device) return
    setBusy(true)
    setError(null)
    try {
      await unregisterSafe(chain.chainId, device.uuid, safe)
      forgetSafe(chain.chainId, safe)
      await queryClient.invalidateQueries({ queryKey: notificationKeys.feeds() })
    } catch (cause) {
      setError(formatGatewayError(cause))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className="card" data-testid="notifications-browser">
      <h2>This browser</h2>
      {enabled ? (
        <>
          <p data-testid="notifications-enabled">
            Notifications of this Safe are on in this browser: the bell at the top shows them.
          </p>
          {allowed ? (
            <p className="muted small">System notifications are allowed too.</p>
          ) : (
            <p className="muted small">
              System notifications are off.{' '}
              <button
                type="button"
                className="link"
                onClick={() => void requestBrowserNotifications().then(setAllowed)}
                data-testid="notifications-allow-system"
              >
                Allow them
              </button>{' '}
              (if the browser blocked them, allow them in its site settings).
            </p>
          )}
          <BusyButton
            busy={busy}
            busyLabel="Turning off…"
            onClick={() => void disable()}
            testId="notifications-disable"
          >
            Disable
          </BusyButton>
        </>
      ) : (
        <>
          <p className="muted small">
            New proposals, confirmations, executions, incoming funds and messages of this Safe appear under
            the bell at the top (and as system notifications if you allow them). An owner signs once to let
            this browser follow the Safe; no third-party push service is involved.
          </p>
          {account && isOwner ? null : (
            <p className="muted small" data-testid="notifications-need-owner">
              Connect the wallet of an owner of this Safe to enable notifications.
            </p>
          )}
          <button
            type="button"
            className="button primary"
            onClick={() => void enable()}
            disabled={busy || !account || !isOwner}
            data-testid="notifications-enable"
          >
            {busy ? 'Waiting for the signature…' : 'Enable notifications in this browser'}
          </button>
        </>
      )}
      {error ? (
        <p className="error-text" role="alert" data-testid="notifications-error">
          {error}
        </p>
      ) : null}
    </section>
  )
}

function TeamPreferences({ chain, safe, ownsSafe }: NotificationSettingsProps) {
  const signIn = useSignIn()
  const query = useQuery(preferencesQueryOptions(chain.chainId, safe))
  const canChange = signIn.status === 'authenticated' && ownsSafe(signIn.address)
  return (
    <section className="card" data-testid="notifications-team">
      <h2>Event types</h2>
      <p className="muted small">
        Which events of this Safe notify its team (every browser and webhook). Any owner can change them.
      </p>
      <SignInPrompt reason="Sign in with Ethereum as an owner to change the team's notification settings." />
      {signIn.status === 'authenticated' && !canChange ? (
        <p className="muted small" data-testid="notifications-not-owner">
          The signed-in account is not an owner of this Safe: the settings are read-only.
        </p>
      ) : null}
      <QueryBoundary
        query={query}
        errorTitle="Could not load the notification settings"
        loading={{ lines: 4 }}
      >
        {(prefs) => <TypeToggles chain={chain} safe={safe} prefs={prefs} canChange={canChange} />}
      </QueryBoundary>
    </section>
  )
}

function TypeToggles(p: {
  chain: ChainInfo
  safe: Address
  prefs: NotificationPreferences
  canChange: boolean
}) {
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  // The choice being saved, shown at once: set in the change handler itself, so the controlled checkbox
  // never flips back while the gateway answers.
  const [pending, setPending] = useState<readonly NotificationType[] | null>(null)
  const disabled = new Set(pending ?? p.prefs.disabledTypes)
  const saving = pending !== null

  const toggle = async (type: NotificationType, on: boolean) => {
    const next = p.prefs.eventTypes.filter((t) => (t === type ? !on : disabled.has(t)))
    const key = notificationKeys.preferences(p.chain.chainId, p.safe)
    setPending(next)
    setError(null)
    try {
      const saved = await putPreferences(p.chain.chainId, p.safe, next)
      // A refetch still in flight (after sign-in, a live update) would put the old state back.
      await queryClient.cancelQueries({ queryKey: key })
      queryClient.setQueryData(key, saved)
    } catch (cause) {
      setError(formatGatewayError(cause))
    } finally {
      setPending(null)
    }
  }

  return (
    <>
      <div className="notification-types" data-testid="notification-types">
        {p.prefs.eventTypes.map((type) => (
          <label key={type} className="toggle">
            <input
              type="checkbox"
              checked={!disabled.has(type)}
              disabled={!p.canChange || saving}
              onChange={(e) => void toggle(type, e.target.checked)}
              data-testid={`notification-type-${type}`}
            />
            {typeLabel(type)}
          </label>
        ))}
      </div>
      {p.prefs.updatedBy ? (
        <p className="muted small">
          Last changed by <code>{p.prefs.updatedBy}</code>
          {p.prefs.updatedAt ? ` on ${new Date(p.prefs.updatedAt).toLocaleString()}` : ''}.
        </p>
      ) : null}
      {error ? (
        <p className="error-text" role="alert" data-testid="notification-types-error">
          {error}
        </p>
      ) : null}
    </>
  )
}
