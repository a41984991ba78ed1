import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { shortAddress } from '../../../lib/format'
import { safeInfoQueryOptions } from '../queries'

/** The open Safe at the top of the sidebar: chain, address and threshold, and a way back to the list. */
export function SafeSidebarCard({ chain, address }: { chain: ChainInfo; address: string }) {
  const info = useQuery(safeInfoQueryOptions(chain.chainId, address))
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
      <code className="address" title={address}>
        {shortAddress(address)}
      </code>
      <div className="muted small">{chain.chainName}</div>
      <Link to="/" className="small">
        Switch Safe
      </Link>
    </div>
  )
}
