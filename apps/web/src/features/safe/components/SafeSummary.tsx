import type { ChainInfo, SafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { ChainAddress } from '../../../components/ui/AddressView'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { useWalletAccount } from '../../../lib/walletRuntime'
import { safeInfoQueryOptions } from '../api/queries'
import { youBadge } from '../isOwner'

export type SafeSummaryProps = { chain: ChainInfo; address: string }

/** Home card: the Safe's address, owners with the threshold ("2/3") and the current nonce. */
export function SafeSummary({ chain, address }: SafeSummaryProps) {
  const query = useQuery(safeInfoQueryOptions(chain.chainId, address))
  return (
    <QueryBoundary
      query={query}
      errorTitle="Could not load the Safe"
      loading={{ lines: 4, label: 'Loading the Safe' }}
    >
      {(safe) => <SummaryView chain={chain} safe={safe} />}
    </QueryBoundary>
  )
}

function SummaryView({ chain, safe }: { chain: ChainInfo; safe: SafeInfo }) {
  const { address: account } = useWalletAccount()
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
            <ChainAddress
              chain={chain}
              address={owner}
              testId="safe-owner"
              badge={youBadge(owner, account)}
            />
          </li>
        ))}
      </ol>
    </div>
  )
}
