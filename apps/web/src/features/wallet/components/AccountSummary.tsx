import { useAccount } from 'wagmi'
import { useAddressName } from '../../../components/ui/AddressNamesContext'
import { CopyButton } from '../../../components/ui/CopyButton'
import { Identicon } from '../../../components/ui/Identicon'

/** Connection status (disconnected / connecting / reconnecting / connected) and the account. */
export function AccountSummary() {
  const { status, address, chain, chainId, connector } = useAccount()
  const name = useAddressName(address ?? '')
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
            <span className="address-view">
              <Identicon value={address} />
              {name ? <span className="address-name">{name}</span> : null}
              <code className="address" data-testid="connected-address">
                {address}
              </code>
              <CopyButton value={address} label="Copy address" />
            </span>
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
