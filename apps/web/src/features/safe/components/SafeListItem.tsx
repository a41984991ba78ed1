import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useAddressName } from '../../../components/ui/AddressNamesContext'
import { CopyButton } from '../../../components/ui/CopyButton'
import { Identicon } from '../../../components/ui/Identicon'
import { formatSafeParam, safeHref } from '../../../lib/safeLink'
import { safeInfoQueryOptions } from '../api/queries'

export type SafeListItemProps = {
  chain: ChainInfo
  address: string
  testId: string
  /** Extra controls at the end of the row (e.g. remove from the recent list). */
  actions?: ReactNode
}

/** One Safe in a list: a link that opens it, with its chain and threshold. */
export function SafeListItem({ chain, address, testId, actions }: SafeListItemProps) {
  const info = useQuery(safeInfoQueryOptions(chain.chainId, address))
  const name = useAddressName(address, chain.chainId)
  return (
    <li className="safe-list-item" data-testid={testId} data-address={address}>
      <Link to={safeHref('/', formatSafeParam(chain, address))} className="safe-link">
        <span
          className="chain-badge"
          style={{ background: chain.theme?.backgroundColor, color: chain.theme?.textColor }}
        >
          {chain.shortName || chain.chainId}
        </span>
        <Identicon value={address} />
        {name ? (
          <span className="address-name" data-testid="safe-name">
            {name}
          </span>
        ) : null}
        <code className="address">{address}</code>
        {info.data ? (
          <span className="badge muted" title="Threshold / owners">
            {info.data.threshold}/{info.data.owners.length}
          </span>
        ) : null}
      </Link>
      {/* Beside the link, not in it: a button inside a link is invalid and would steal the row's clicks. */}
      <CopyButton value={address} label="Copy address" />
      {actions}
    </li>
  )
}
