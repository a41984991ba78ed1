import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { AddressView } from '../../../components/ui/AddressView'
import { EmptyState } from '../../../components/ui/EmptyState'
import { ErrorState } from '../../../components/ui/ErrorState'
import { Skeleton } from '../../../components/ui/Skeleton'
import { explorerAddressUrl } from '../../../lib/explorer'
import { formatFiat, formatTokenAmount } from '../../../lib/format'
import { formatGatewayError } from '../../../lib/gateway'
import { balancesQueryOptions } from '../queries'
import { TokenIcon } from './TokenIcon'

export type TokenBalancesProps = {
  chain: ChainInfo
  address: string
  currency: string
  hideSpam: boolean
  onHideSpamChange: (hideSpam: boolean) => void
}

const NATIVE = new Set(['NATIVE_TOKEN', 'NATIVE_COIN'])

/** The Safe's tokens with balance and fiat value, highest value first (the gateway's order). */
export function TokenBalances({ chain, address, currency, hideSpam, onHideSpamChange }: TokenBalancesProps) {
  const query = useQuery(balancesQueryOptions(chain.chainId, address, currency, hideSpam))

  let body: React.ReactNode
  if (query.data) {
    const { items, fiatTotal } = query.data
    body =
      items.length === 0 ? (
        <EmptyState title="No tokens">
          This Safe holds no tokens{hideSpam ? ' (suspicious ones are hidden)' : ''}.
        </EmptyState>
      ) : (
        <table className="table" data-testid="balances-table">
          <thead>
            <tr>
              <th scope="col">Asset</th>
              <th scope="col" className="numeric">
                Balance
              </th>
              <th scope="col" className="numeric">
                Price
              </th>
              <th scope="col" className="numeric">
                Value
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map(({ tokenInfo, balance, fiatBalance, fiatConversion }) => (
              <tr key={tokenInfo.address} data-testid="balance-row" data-symbol={tokenInfo.symbol}>
                <td>
                  <span className="token-cell">
                    <TokenIcon logoUri={tokenInfo.logoUri} symbol={tokenInfo.symbol} />
                    <span>
                      <span className="token-name">{tokenInfo.name}</span>
                      {NATIVE.has(tokenInfo.type) ? null : (
                        <AddressView
                          address={tokenInfo.address}
                          explorerUrl={explorerAddressUrl(chain, tokenInfo.address)}
                          short
                        />
                      )}
                    </span>
                  </span>
                </td>
                <td className="numeric" data-testid="token-amount">
                  {formatTokenAmount(balance, tokenInfo.decimals)} {tokenInfo.symbol}
                </td>
                <td className="numeric muted">
                  {Number(fiatConversion) > 0 ? formatFiat(fiatConversion, currency) : '—'}
                </td>
                <td className="numeric" data-testid="token-fiat">
                  {formatFiat(fiatBalance, currency)}
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                Total
              </th>
              <td className="numeric" data-testid="balances-total">
                {formatFiat(fiatTotal, currency)}
              </td>
            </tr>
          </tfoot>
        </table>
      )
  } else if (query.isError) {
    body = (
      <ErrorState
        title="Could not load the balances"
        message={formatGatewayError(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  } else {
    body = <Skeleton lines={4} label="Loading balances" />
  }

  return (
    <div className="card">
      <div className="card-toolbar">
        <h2>Tokens</h2>
        <label className="toggle">
          <input
            type="checkbox"
            checked={hideSpam}
            onChange={(event) => onHideSpamChange(event.target.checked)}
            data-testid="spam-toggle"
          />
          Hide suspicious tokens
        </label>
      </div>
      {body}
    </div>
  )
}
