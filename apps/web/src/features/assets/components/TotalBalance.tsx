import { useQuery } from '@tanstack/react-query'
import { ErrorState } from '../../../components/ui/ErrorState'
import { Skeleton } from '../../../components/ui/Skeleton'
import { formatFiat } from '../../../lib/format'
import { formatGatewayError } from '../../../lib/gateway'
import { balancesQueryOptions } from '../queries'

export type TotalBalanceProps = { chainId: string; address: string; currency: string; hideSpam: boolean }

/** The Safe's total value in the chosen fiat currency (the balances' `fiatTotal`). */
export function TotalBalance({ chainId, address, currency, hideSpam }: TotalBalanceProps) {
  const query = useQuery(balancesQueryOptions(chainId, address, currency, hideSpam))
  if (query.data)
    return (
      <p className="total-balance">
        <span data-testid="total-balance">{formatFiat(query.data.fiatTotal, currency)}</span>
        <span className="muted small">
          {' '}
          in {query.data.items.length} {query.data.items.length === 1 ? 'asset' : 'assets'}
        </span>
      </p>
    )
  if (query.isError)
    return (
      <ErrorState
        title="Could not load the balance"
        message={formatGatewayError(query.error)}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  return <Skeleton lines={1} label="Loading the balance" />
}
