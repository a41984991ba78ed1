import { useAccount } from 'wagmi'

/** Connection status (disconnected / connecting / reconnecting / connected) and the account. */
export function AccountSummary() {
  const { status, address, chain, chainId, connector } = useAccount()
  return (
    <dl className="account-summary">
      <dt>Status</dt>
      <dd>
        <span className={`status-pill ${status}`} data-testid="connection-status">
          {status}
        </span>
      </dd>
      {address ? (
        <>
          <dt>Address</dt>
          <dd>
            <code className="address" data-testid="connected-address">
              {address}
            </code>
          </dd>
        </>
      ) : null}
      {status === 'connected' ? (
        <>
          <dt>Wallet</dt>
          <dd>{connector?.name ?? 'Unknown'}</dd>
          <dt>Network</dt>
          <dd>{chain ? `${chain.name} (${chain.id})` : `Unsupported chain ${chainId}`}</dd>
        </>
      ) : null}
    </dl>
  )
}
