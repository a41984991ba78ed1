import type { ChainInfo, SafeBalanceResponse } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AddressView } from '../../../components/ui/AddressView'
import { EmptyState } from '../../../components/ui/EmptyState'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { explorerAddressUrl } from '../../../lib/explorer'
import { formatFiat, formatTokenAmount } from '../../../lib/format'
import { balancesQueryOptions } from '../api/queries'
import { TokenIcon } from './TokenIcon'

export type TokenBalancesProps = {
  chain: ChainInfo
  address: string
  currency: string
  hideSpam: boolean
  onHideSpamChange: (hideSpam: boolean) => void
  /** An action at the end of each row (e.g. Send), given the row's token. */
  rowAction?: ((item: SafeBalanceResponse['items'][number]) => ReactNode) | undefined
}

const NATIVE = new Set(['NATIVE_TOKEN', 'NATIVE_COIN'])

/** The Safe's tokens with balance and fiat value, highest value first (the gateway's order). */
export function TokenBalances({
  chain,
  address,
  currency,
  hideSpam,
  onHideSpamChange,
  rowAction,
}: TokenBalancesProps) {
  const query = useQuery(balancesQueryOptions(chain.chainId, address, currency, hideSpam))
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
      <QueryBoundary
        query={query}
        errorTitle="Could not load the balances"
        loading={{ lines: 4, label: 'Loading balances' }}
      >
        {(balances) => (
          <Balances
            chain={chain}
            currency={currency}
            hideSpam={hideSpam}
            balances={balances}
            rowAction={rowAction}
          />
        )}
      </QueryBoundary>
    </div>
  )
}

function Balances({
  chain,
  currency,
  hideSpam,
  balances: { items, fiatTotal },
  rowAction,
}: {
  chain: ChainInfo
  currency: string
  hideSpam: boolean
  balances: SafeBalanceResponse
  rowAction: TokenBalancesProps['rowAction']
}) {
  if (items.length === 0)
    return (
      <EmptyState title="No tokens">
        This Safe holds no tokens{hideSpam ? ' (suspicious ones are hidden)' : ''}.
      </EmptyState>
    )
  return (
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
          {rowAction ? <th scope="col" aria-label="Actions" /> : null}
        </tr>
      </thead>
      <tbody>
        {items.map((item) => {
          const { tokenInfo, balance, fiatBalance, fiatConversion } = item
          return (
            <tr key={tokenInfo.address} data-testid="balance-row" data-symbol={tokenInfo.symbol}>
              <td>
                <span className="token-cell">
                  <TokenIcon logoUri={tokenInfo.logoUri} address={tokenInfo.address} />
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
                {(item as { stale?: boolean }).stale ? (
                  <>
                    {' '}
                    <span
                      className="badge warning"
                      data-testid="balance-stale"
                      title="The chain node did not answer: this is the last balance read"
                    >
                      last known
                    </span>
                  </>
                ) : null}
              </td>
              <td className="numeric muted">
                {Number(fiatConversion) > 0 ? formatFiat(fiatConversion, currency) : '—'}
              </td>
              <td className="numeric" data-testid="token-fiat">
                {formatFiat(fiatBalance, currency)}
              </td>
              {rowAction ? <td className="numeric">{rowAction(item)}</td> : null}
            </tr>
          )
        })}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            Total
          </th>
          <td className="numeric" data-testid="balances-total">
            {formatFiat(fiatTotal, currency)}
          </td>
          {rowAction ? <td /> : null}
        </tr>
      </tfoot>
    </table>
  )
}
