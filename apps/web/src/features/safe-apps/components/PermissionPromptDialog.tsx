import type { PermissionPrompt } from '../hooks/useSafeAppHost'

const DESCRIPTIONS: Record<string, string> = {
  requestAddressBook: "Read this Safe's address book on this chain (names and addresses)",
}

/** The dialog's buttons, in order: each answers the prompt with its `granted`. */
const ANSWERS: readonly { granted: boolean | null; label: string; testId: string; className: string }[] = [
  { granted: null, label: 'Close', testId: 'permission-close', className: 'button' },
  { granted: false, label: 'Reject', testId: 'permission-reject', className: 'button' },
  { granted: true, label: 'Allow', testId: 'permission-accept', className: 'button primary' },
]

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
          {ANSWERS.map(({ granted, label, testId, className }) => (
            <button
              key={testId}
              type="button"
              className={className}
              onClick={() => prompt.answer(granted)}
              data-testid={testId}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
    </div>
  )
}
