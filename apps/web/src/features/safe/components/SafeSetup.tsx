import type { AddressEx, ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { AddressView } from '../../../components/ui/AddressView'
import { ErrorState } from '../../../components/ui/ErrorState'
import { Skeleton } from '../../../components/ui/Skeleton'
import { explorerAddressUrl } from '../../../lib/explorer'
import { formatGatewayError } from '../../../lib/gateway'
import { safeInfoQueryOptions } from '../queries'

export type SafeSetupProps = { chain: ChainInfo; address: string }

/** Settings → Setup: owners, threshold, contract version, modules, guard and fallback handler. */
export function SafeSetup({ chain, address }: SafeSetupProps) {
  const query = useQuery(safeInfoQueryOptions(chain.chainId, address))
  if (!query.data) {
    if (query.isError)
      return (
        <div className="card">
          <ErrorState
            title="Could not load the Safe's setup"
            message={formatGatewayError(query.error)}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </div>
      )
    return (
      <div className="card">
        <Skeleton lines={6} label="Loading the Safe's setup" />
      </div>
    )
  }
  const safe = query.data
  const link = (item: AddressEx, testId: string) => (
    <AddressView
      address={item.value}
      name={item.name}
      explorerUrl={explorerAddressUrl(chain, item.value)}
      testId={testId}
    />
  )
  return (
    <div data-testid="safe-setup">
      <div className="card">
        <h2>Owners</h2>
        <p className="muted small">
          Owners sign the Safe's transactions.{' '}
          <span data-testid="setup-owner-count">{safe.owners.length}</span>{' '}
          {safe.owners.length === 1 ? 'owner' : 'owners'}.
        </p>
        <ol className="owner-list" data-testid="setup-owners">
          {safe.owners.map((owner) => (
            <li key={owner.value}>{link(owner, 'setup-owner')}</li>
          ))}
        </ol>
      </div>
      <div className="card">
        <h2>Required confirmations</h2>
        <p>
          Any transaction requires the confirmation of{' '}
          <strong data-testid="setup-threshold">
            {safe.threshold} out of {safe.owners.length}
          </strong>{' '}
          owners.
        </p>
      </div>
      <div className="card">
        <h2>Safe account version</h2>
        <p className="setup-version">
          <span data-testid="setup-version">{safe.version ?? 'Unknown version'}</span>
          {safe.implementationVersionState === 'OUTDATED' ? (
            <span className="badge warning" data-testid="update-available">
              Update available
            </span>
          ) : safe.implementationVersionState === 'UP_TO_DATE' ? (
            <span className="badge muted">Latest version</span>
          ) : null}
        </p>
        <p className="small">Implementation: {link(safe.implementation, 'setup-implementation')}</p>
      </div>
      <div className="card">
        <h2>Modules</h2>
        {safe.modules && safe.modules.length > 0 ? (
          <ul className="owner-list" data-testid="setup-modules">
            {safe.modules.map((module) => (
              <li key={module.value}>{link(module, 'setup-module')}</li>
            ))}
          </ul>
        ) : (
          <p className="muted" data-testid="setup-modules">
            No modules enabled
          </p>
        )}
      </div>
      <div className="card">
        <h2>Transaction guard</h2>
        {safe.guard ? (
          <p data-testid="setup-guard">{link(safe.guard, 'setup-guard-address')}</p>
        ) : (
          <p className="muted" data-testid="setup-guard">
            No guard set
          </p>
        )}
      </div>
      <div className="card">
        <h2>Fallback handler</h2>
        {safe.fallbackHandler ? (
          <p data-testid="setup-fallback-handler">
            {link(safe.fallbackHandler, 'setup-fallback-handler-address')}
          </p>
        ) : (
          <p className="muted" data-testid="setup-fallback-handler">
            No fallback handler set
          </p>
        )}
      </div>
    </div>
  )
}
