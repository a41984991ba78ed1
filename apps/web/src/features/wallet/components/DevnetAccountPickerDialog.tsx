import { useEffect, useRef, useSyncExternalStore } from 'react'
import { devnetAccountPicker } from '../devnetAccountPicker'

/**
 * Asks which devnet test account the Devnet wallet should use. A native modal <dialog> sits in
 * the top layer, above RainbowKit's connect dialog that is waiting for the connection.
 */
export function DevnetAccountPickerDialog() {
  const request = useSyncExternalStore(devnetAccountPicker.subscribe, devnetAccountPicker.getSnapshot)
  const dialogRef = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = dialogRef.current
    if (request && dialog && !dialog.open) dialog.showModal()
  }, [request])

  if (!request) return null

  return (
    <dialog
      ref={dialogRef}
      className="account-picker"
      aria-labelledby="devnet-picker-title"
      data-testid="devnet-account-picker"
      onCancel={(event) => {
        event.preventDefault()
        devnetAccountPicker.cancel()
      }}
    >
      <h2 id="devnet-picker-title">Choose a devnet account</h2>
      <p className="muted small">The devnet node holds these test accounts and signs for the one you pick.</p>
      <ul className="account-list">
        {request.accounts.map((account, index) => (
          <li key={account}>
            <button
              type="button"
              className={account === request.lastAccount ? 'account-option last-used' : 'account-option'}
              aria-label={`Account #${index} ${account}`}
              data-testid={`devnet-account-${index}`}
              onClick={() => devnetAccountPicker.choose(account)}
            >
              <span className="account-index">Account #{index}</span>
              <code className="address">{account}</code>
              {account === request.lastAccount ? <span className="badge">Last used</span> : null}
            </button>
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <button type="button" className="button" onClick={() => devnetAccountPicker.cancel()}>
          Cancel
        </button>
      </div>
    </dialog>
  )
}
