import { type ReactNode, useState } from 'react'
import { type HostPrompt, type SafeAppHostState, useSafeAppHost } from '../hooks/useSafeAppHost'
import { PermissionPromptDialog } from './PermissionPromptDialog'
import './safeApps.css'

/**
 * Only what apps need: scripts, their own origin (storage, fetch with cookies), forms, popups (links that open a
 * tab) and downloads. No top navigation, no modals (alert/confirm), no pointer lock (as Safe{Wallet}).
 */
export const APP_SANDBOX =
  'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox allow-downloads'

export type AppFrameProps = SafeAppHostState & {
  appUrl: string
  appName: string
  /** Renders what the app asked the user for (the route composes the review-and-sign flows). */
  renderPrompt: (prompt: HostPrompt) => ReactNode
}

/** An app in a sandboxed frame, talking to this host only through the communicator. */
export function AppFrame({ appUrl, appName, renderPrompt, ...state }: AppFrameProps) {
  const { iframeRef, prompts, permissionPrompt } = useSafeAppHost(appUrl, state)
  const [loaded, setLoaded] = useState(false)
  const first = prompts[0]
  return (
    <div data-testid="safe-app-frame-container">
      {loaded ? null : <p className="muted small">Loading {appName}…</p>}
      <iframe
        ref={iframeRef}
        src={appUrl}
        title={appName}
        className="safe-app-frame"
        sandbox={APP_SANDBOX}
        referrerPolicy="no-referrer"
        onLoad={() => setLoaded(true)}
        data-testid="safe-app-frame"
      />
      {first ? (
        <div
          className="safe-app-overlay"
          role="dialog"
          aria-label={`Request from ${appName}`}
          data-testid="app-request"
        >
          <div className="card" key={first.id}>
            {renderPrompt(first)}
          </div>
        </div>
      ) : null}
      {permissionPrompt ? <PermissionPromptDialog prompt={permissionPrompt} appName={appName} /> : null}
    </div>
  )
}
