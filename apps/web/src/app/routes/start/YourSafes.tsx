import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQueries } from '@tanstack/react-query'
import { EmptyState } from '../../../components/ui/EmptyState'
import { QueryError } from '../../../components/ui/QueryBoundary'
import { Skeleton } from '../../../components/ui/Skeleton'
import { ownedSafesQueryOptions } from '../../../features/safe/queries'
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
          {safes.map(({ chain, address }) => (
            <StartSafeRow key={`${chain.chainId}:${address}`} chain={chain} address={address} />
          ))}
        </ul>
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
          This wallet is not an owner of a Safe on the chains this gateway serves. Open one by address, or
          create one.
        </EmptyState>
      ) : null}
    </div>
  )
}
