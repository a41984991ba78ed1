import type { OwnerAccess } from '../useOwnerAccess'

/** Why the wallet cannot propose or sign for this Safe (not connected, or not an owner). */
export function ReadOnlyNotice({ access }: { access: Exclude<OwnerAccess, { status: 'owner' }> }) {
  if (access.status === 'checking')
    return (
      <p className="muted" data-testid="owner-check">
        Checking the Safe's owners on chain…
      </p>
    )
  return (
    <div className="banner warning" role="status" data-testid="read-only-notice">
      {access.status === 'disconnected' ? (
        <p>
          <strong>Connect an owner's wallet</strong> to create transactions for this Safe.
        </p>
      ) : (
        <p>
          <strong>Read-only:</strong> the connected wallet <code className="address">{access.account}</code>{' '}
          is not an owner of this Safe, so it cannot create or sign its transactions.
        </p>
      )}
    </div>
  )
}
