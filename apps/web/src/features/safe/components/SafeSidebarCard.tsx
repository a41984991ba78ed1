import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { useAddressName } from '../../../components/ui/AddressNamesContext'
import { CopyButton } from '../../../components/ui/CopyButton'
import { Identicon } from '../../../components/ui/Identicon'
import { shortAddress } from '../../../lib/format'
import { pollUnlessLive } from '../../../lib/liveStatus'
import { SAFE_INFO_REFRESH_MS, safeInfoQueryOptions } from '../api/queries'

/** The open Safe at the top of the sidebar: chain, address and threshold, and a way back to the list. */
export function SafeSidebarCard({ chain, address }: { chain: ChainInfo; address: string }) {
  // The card is on every screen of an open Safe: it keeps the Safe info fresh for all of them.
  const info = useQuery({
    ...safeInfoQueryOptions(chain.chainId, address),
    refetchInterval: pollUnlessLive(SAFE_INFO_REFRESH_MS),
  })
  const name = useAddressName(address, chain.chainId)
  return (
    <div
      className="sidebar-safe"
      data-testid="current-safe"
      data-address={address}
      data-chain-id={chain.chainId}
    >
      <div className="sidebar-safe-top">
        <span
          className="chain-badge"
          style={{ background: chain.theme?.backgroundColor, color: chain.theme?.textColor }}
        >
          {chain.shortName || chain.chainId}
        </span>
        {info.data ? (
          <span className="badge muted" title="Threshold / owners">
            {info.data.threshold}/{info.data.owners.length}
          </span>
        ) : null}
      </div>
      <span className="address-view">
        <Identicon value={address} />
        {name ? (
          <span className="address-name" data-testid="current-safe-name">
            {name}
          </span>
        ) : null}
        <code className="address" title={address}>
          {shortAddress(address)}
        </code>
        <CopyButton value={address} label="Copy Safe address" />
      </span>
      <div className="muted small">{chain.chainName}</div>
      <Link to="/" className="small">
        Switch Safe
      </Link>
    </div>
  )
}
