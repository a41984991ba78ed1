import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { AddressView } from '../../../components/ui/AddressView'
import { ErrorState } from '../../../components/ui/ErrorState'
import { Skeleton } from '../../../components/ui/Skeleton'
import { explorerAddressUrl } from '../../../lib/explorer'
import { formatGatewayError } from '../../../lib/gateway'
import { safeInfoQueryOptions } from '../queries'

export type SafeSummaryProps = { chain: ChainInfo; address: string }

/** Home card: the Safe's address, owners with the threshold ("2/3") and the current nonce. */
export function SafeSummary({ chain, address }: SafeSummaryProps) {
  const query = useQuery(safeInfoQueryOptions(chain.chainId, address))
  if (!query.data) {
    if (query.isError)
      return (
        <ErrorState
          title="Could not load the Safe"
          message={formatGatewayError(query.error)}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )
    return <Skeleton lines={4} label="Loading the Safe" />
  }
  const safe = query.data
  return (
    <div className="safe-summary" data-testid="safe-summary">
      <dl className="facts">
        <div>
          <dt>Threshold</dt>
          <dd>
            <span className="fact-value" data-testid="safe-threshold">
              {safe.threshold}/{safe.owners.length}
            </span>
            <span className="muted small"> signatures required</span>
          </dd>
        </div>
        <div>
          <dt>Nonce</dt>
          <dd>
            <span className="fact-value" data-testid="safe-nonce">
              {safe.nonce}
            </span>
          </dd>
        </div>
        <div>
          <dt>Version</dt>
          <dd>
            <span className="fact-value">{safe.version ?? 'Unknown'}</span>
          </dd>
        </div>
      </dl>
      <h3>Owners</h3>
      <ol className="owner-list" data-testid="safe-owners">
        {safe.owners.map((owner) => (
          <li key={owner.value}>
            <AddressView
              address={owner.value}
              name={owner.name}
              explorerUrl={explorerAddressUrl(chain, owner.value)}
              testId="safe-owner"
            />
          </li>
        ))}
      </ol>
    </div>
  )
}
