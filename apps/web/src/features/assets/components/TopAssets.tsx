import type { SafeBalanceResponse } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { EmptyState } from '../../../components/ui/EmptyState'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { formatFiat, formatTokenAmount } from '../../../lib/format'
import { balancesQueryOptions } from '../api/queries'
import { TokenIcon } from './TokenIcon'

export type TopAssetsProps = {
  chainId: string
  address: string
  currency: string
  hideSpam: boolean
  /** Link to the full list (Assets). */
  assetsHref: string
  limit?: number
}

type Item = SafeBalanceResponse['items'][number]

/** The `limit` tokens of highest fiat value, most valuable first. */
export const topByFiat = (items: readonly Item[], limit: number): Item[] =>
  [...items].sort((a, b) => Number(b.fiatBalance) - Number(a.fiatBalance)).slice(0, limit)

/** Home: the Safe's most valuable tokens, with a link to all of its assets. */
export function TopAssets({ chainId, address, currency, hideSpam, assetsHref, limit = 5 }: TopAssetsProps) {
  const query = useQuery(balancesQueryOptions(chainId, address, currency, hideSpam))
  return (
    <QueryBoundary
      query={query}
      errorTitle="Could not load the assets"
      loading={{ lines: 3, label: 'Loading the assets' }}
    >
      {({ items }) =>
        items.length === 0 ? (
          <EmptyState title="No tokens">This Safe holds no tokens yet.</EmptyState>
        ) : (
          <>
            <ul className="top-assets" data-testid="top-assets">
              {topByFiat(items, limit).map(({ tokenInfo, balance, fiatBalance }) => (
                <li
                  key={tokenInfo.address}
                  className="top-asset"
                  data-testid="top-asset"
                  data-symbol={tokenInfo.symbol}
                >
                  <TokenIcon logoUri={tokenInfo.logoUri} address={tokenInfo.address} />
                  <span className="top-asset-amount">
                    {formatTokenAmount(balance, tokenInfo.decimals)} {tokenInfo.symbol}
                  </span>
                  <span className="top-asset-fiat" data-testid="top-asset-fiat">
                    {formatFiat(fiatBalance, currency)}
                  </span>
                </li>
              ))}
            </ul>
            <p className="small">
              <Link to={assetsHref} data-testid="home-all-assets">
                {items.length > limit ? `View all ${items.length} assets` : 'View assets'}
              </Link>
            </p>
          </>
        )
      }
    </QueryBoundary>
  )
}
