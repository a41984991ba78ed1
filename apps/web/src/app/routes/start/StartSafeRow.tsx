import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { CopyButton } from '../../../components/ui/CopyButton'
import { Identicon } from '../../../components/ui/Identicon'
import { balancesQueryOptions } from '../../../features/assets/api/queries'
import { safeInfoQueryOptions } from '../../../features/safe/api/queries'
import { useSettings } from '../../../features/settings/useSettings'
import { formatFiat } from '../../../lib/format'
import { formatSafeParam, safeHref } from '../../../lib/safeLink'
import { SafeNameEditor } from './SafeNameEditor'

export type StartSafeRowProps = { chain: ChainInfo; address: string }

/** One of the wallet's Safes: its name (renamable), chain, threshold, total balance and a link that opens it. */
export function StartSafeRow({ chain, address }: StartSafeRowProps) {
  const { currency, hideSpam } = useSettings()
  const info = useQuery(safeInfoQueryOptions(chain.chainId, address))
  const balances = useQuery(balancesQueryOptions(chain.chainId, address, currency, hideSpam))
  return (
    <li className="start-safe" data-testid="owned-safe" data-address={address} data-chain-id={chain.chainId}>
      <div className="start-safe-head">
        <Identicon value={address} />
        <SafeNameEditor chainId={chain.chainId} address={address} />
      </div>
      <div className="start-safe-facts">
        <span
          className="chain-badge"
          style={{ background: chain.theme?.backgroundColor, color: chain.theme?.textColor }}
          data-testid="owned-safe-chain"
        >
          {chain.chainName}
        </span>
        <span className="badge muted" title="Threshold / owners" data-testid="owned-safe-threshold">
          {info.data ? `${info.data.threshold}/${info.data.owners.length}` : info.isError ? '?' : '…'}
        </span>
        <span className="start-safe-balance" data-testid="owned-safe-balance">
          {balances.data
            ? formatFiat(balances.data.fiatTotal, currency)
            : balances.isError
              ? 'Balance unavailable'
              : 'Loading…'}
        </span>
      </div>
      <div className="start-safe-address">
        <code className="address">{address}</code>
        <CopyButton value={address} label="Copy address" />
        <Link
          className="button small-button"
          to={safeHref('/', formatSafeParam(chain, address))}
          aria-label={`Open Safe ${address} on ${chain.chainName}`}
          data-testid="open-safe"
        >
          Open
        </Link>
      </div>
    </li>
  )
}
