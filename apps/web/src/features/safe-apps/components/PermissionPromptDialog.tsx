import type { PermissionPrompt } from '../hooks/useSafeAppHost'

const DESCRIPTIONS: Record<string, string> = {
  requestAddressBook: "Read this Safe's address book on this chain (names and addresses)",
}

/** wallet_requestPermissions: allow, refuse (remembered for the app) or close (the app gets a refusal). */
export function PermissionPromptDialog({ prompt, appName }: { prompt: PermissionPrompt; appName: string }) {
  return (
    <div
      className="safe-app-overlay"
      role="dialog"
      aria-label="Permission request"
      data-testid="permission-prompt"
    >
      <div className="card">
        <h2>{appName} asks for permission</h2>
        <p className="muted small">
          From <code>{prompt.origin}</code>. You can revoke it later in Settings → Safe Apps.
        </p>
        <ul>
          {prompt.capabilities.map((c) => (
            <li key={c}>{DESCRIPTIONS[c] ?? c}</li>
          ))}
        </ul>
        <div className="tx-actions">
          <button
            type="button"
            className="button"
            onClick={() => prompt.answer(null)}
            data-testid="permission-close"
          >
            Close
          </button>
          <button
            type="button"
            className="button"
            onClick={() => prompt.answer(false)}
            data-testid="permission-reject"
          >
            Reject
          </button>
          <button
            type="button"
            className="button primary"
            onClick={() => prompt.answer(true)}
            data-testid="permission-accept"
          >
            Allow
          </button>
        </div>
      </div>
    </div>
  )
}
