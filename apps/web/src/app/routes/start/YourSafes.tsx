import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQueries } from '@tanstack/react-query'
import { EmptyState } from '../../../components/ui/EmptyState'
import { QueryError } from '../../../components/ui/QueryBoundary'
import { Skeleton } from '../../../components/ui/Skeleton'
import { ownedSafesQueryOptions } from '../../../features/safe/api/queries'
import { groupByAddress, StartSafeGroup } from './StartSafeGroup'
import { StartSafeRow } from './StartSafeRow'

export type YourSafesProps = { chains: readonly ChainInfo[]; owner: string }

/** The Safes `owner` is an owner of, on every chain the gateway serves (one owned-safes call per chain). */
export function YourSafes({ chains, owner }: YourSafesProps) {
  const results = useQueries({ queries: chains.map((chain) => ownedSafesQueryOptions(chain.chainId, owner)) })
  const safes = chains.flatMap((chain, index) =>
    (results[index]?.data ?? []).map((address) => ({ chain, address })),
  )
  const failed = chains.flatMap((chain, index) => {
    const result = results[index]
    return result?.isError && !result.data ? [{ chain, result }] : []
  })
  const pending = results.some((result) => result.isPending)

  return (
    <div data-testid="owned-safes">
      {safes.length > 0 ? (
        <ul className="start-safes">
          {/* A Safe at the same address on several chains is grouped under that address. */}
          {groupByAddress(safes).map(({ address, chains: on }) =>
            on.length > 1 ? (
              <StartSafeGroup key={address} address={address} chains={on} />
            ) : (
              <StartSafeRow
                key={`${on[0]?.chainId}:${address}`}
                chain={on[0] as ChainInfo}
                address={address}
              />
            ),
          )}
        </ul>
      ) : null}
      {safes.length > 0 ? (
        <p className="muted small" data-testid="missing-safe-hint">
          A Safe missing here? A gateway that indexes only the Safes it watches lists those opened once: open
          it by its address and it appears here.
        </p>
      ) : null}
      {pending ? <Skeleton lines={2} label="Loading your Safes" /> : null}
      {failed.map(({ chain, result }) => (
        <QueryError
          key={chain.chainId}
          title={`Could not load your Safes on ${chain.chainName}`}
          query={result}
        />
      ))}
      {!pending && failed.length === 0 && safes.length === 0 ? (
        <EmptyState title="No Safes found">
          This gateway knows no Safe this wallet owns. If it indexes only the Safes it watches, open yours
          once by its address and it is listed here from then on; or create one.
        </EmptyState>
      ) : null}
    </div>
  )
}
