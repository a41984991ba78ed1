import { useQuery } from '@tanstack/react-query'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { formatFiat } from '../../../lib/format'
import { balancesQueryOptions } from '../api/queries'

export type TotalBalanceProps = { chainId: string; address: string; currency: string; hideSpam: boolean }

/** The Safe's total value in the chosen fiat currency (the balances' `fiatTotal`). */
export function TotalBalance({ chainId, address, currency, hideSpam }: TotalBalanceProps) {
  const query = useQuery(balancesQueryOptions(chainId, address, currency, hideSpam))
  return (
    <QueryBoundary
      query={query}
      errorTitle="Could not load the balance"
      loading={{ lines: 1, label: 'Loading the balance' }}
    >
      {({ fiatTotal, items }) => (
        <p className="total-balance">
          <span data-testid="total-balance">{formatFiat(fiatTotal, currency)}</span>
          <span className="muted small">
            {' '}
            in {items.length} {items.length === 1 ? 'asset' : 'assets'}
          </span>
        </p>
      )}
    </QueryBoundary>
  )
}
