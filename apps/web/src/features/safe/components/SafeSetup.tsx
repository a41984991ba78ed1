import type { AddressEx, ChainInfo, SafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useAccount } from 'wagmi'
import { ChainAddress } from '../../../components/ui/AddressView'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { safeInfoQueryOptions } from '../api/queries'
import { youBadge } from '../isOwner'

export type SafeSetupProps = {
  chain: ChainInfo
  address: string
  /** What can be done with an owner (replace, remove), shown in its row; the app composes the tx flow in. */
  renderOwnerActions?: ((owner: string, owners: readonly string[]) => ReactNode) | undefined
}

/** Settings → Setup: owners, threshold, contract version, modules, guard and fallback handler. */
export function SafeSetup({ chain, address, renderOwnerActions }: SafeSetupProps) {
  const query = useQuery(safeInfoQueryOptions(chain.chainId, address))
  return (
    <QueryBoundary
      query={query}
      errorTitle="Could not load the Safe's setup"
      loading={{ lines: 6, label: "Loading the Safe's setup" }}
      card
    >
      {(safe) => <SetupCards chain={chain} safe={safe} renderOwnerActions={renderOwnerActions} />}
    </QueryBoundary>
  )
}

function SetupCards({
  chain,
  safe,
  renderOwnerActions,
}: { chain: ChainInfo; safe: SafeInfo } & Pick<SafeSetupProps, 'renderOwnerActions'>) {
  const { address: account } = useAccount()
  return (
    <div data-testid="safe-setup">
      <SetupCard title="Owners">
        <p className="muted small">
          Owners sign the Safe's transactions.{' '}
          <span data-testid="setup-owner-count">{safe.owners.length}</span>{' '}
          {safe.owners.length === 1 ? 'owner' : 'owners'}.
        </p>
        <ol className="owner-list" data-testid="setup-owners">
          {safe.owners.map((owner) => (
            <li key={owner.value}>
              <ChainAddress
                chain={chain}
                address={owner}
                testId="setup-owner"
                badge={youBadge(owner, account)}
              />{' '}
              {renderOwnerActions?.(
                owner.value,
                safe.owners.map((o) => o.value),
              )}
            </li>
          ))}
        </ol>
      </SetupCard>
      <SetupCard title="Required confirmations">
        <p>
          Any transaction requires the confirmation of{' '}
          <strong data-testid="setup-threshold">
            {safe.threshold} out of {safe.owners.length}
          </strong>{' '}
          owners.
        </p>
      </SetupCard>
      <SetupCard title="Safe account version">
        <p className="setup-version">
          <span data-testid="setup-version">{safe.version ?? 'Unknown version'}</span>
          {safe.implementationVersionState === 'OUTDATED' ? (
            <span className="badge warning" data-testid="update-available">
              Update available
            </span>
          ) : safe.implementationVersionState === 'UP_TO_DATE' ? (
            <span className="badge muted" data-testid="up-to-date">
              Up to date
            </span>
          ) : null}
        </p>
        <p className="small">
          Implementation:{' '}
          <ChainAddress chain={chain} address={safe.implementation} testId="setup-implementation" />
        </p>
      </SetupCard>
      <SetupCard title="Modules">
        {safe.modules && safe.modules.length > 0 ? (
          <ul className="owner-list" data-testid="setup-modules">
            {safe.modules.map((module) => (
              <li key={module.value}>
                <ChainAddress chain={chain} address={module} testId="setup-module" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted" data-testid="setup-modules">
            No modules enabled
          </p>
        )}
      </SetupCard>
      <SetupCard title="Transaction guard">
        <OptionalAddress chain={chain} address={safe.guard} testId="setup-guard" none="No guard set" />
      </SetupCard>
      <SetupCard title="Fallback handler">
        <OptionalAddress
          chain={chain}
          address={safe.fallbackHandler}
          testId="setup-fallback-handler"
          none="No fallback handler set"
        />
      </SetupCard>
    </div>
  )
}

function SetupCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="card">
      <h2>{title}</h2>
      {children}
    </div>
  )
}

/** A single contract address of the setup (`<testId>-address`), or `none` when it is not set. */
function OptionalAddress({
  chain,
  address,
  testId,
  none,
}: {
  chain: ChainInfo
  address: AddressEx | null | undefined
  testId: string
  none: string
}) {
  if (!address)
    return (
      <p className="muted" data-testid={testId}>
        {none}
      </p>
    )
  return (
    <p data-testid={testId}>
      <ChainAddress chain={chain} address={address} testId={`${testId}-address`} />
    </p>
  )
}
