import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQueries } from '@tanstack/react-query'
import { EmptyState } from '../../../components/ui/EmptyState'
import { QueryError } from '../../../components/ui/QueryBoundary'
import { Skeleton } from '../../../components/ui/Skeleton'
import { ownedSafesQueryOptions } from '../queries'
import { SafeListItem } from './SafeListItem'

export type OwnedSafesProps = {
  chains: readonly ChainInfo[]
  /** The connected wallet's account, if any. */
  owner: string | undefined
}

/** The Safes the connected wallet owns, on every chain the gateway serves. */
export function OwnedSafes({ chains, owner }: OwnedSafesProps) {
  if (!owner)
    return (
      <EmptyState title="No wallet connected">
        Connect a wallet to list the Safes it is an owner of.
      </EmptyState>
    )
  return <OwnedSafesList chains={chains} owner={owner} />
}

function OwnedSafesList({ chains, owner }: { chains: readonly ChainInfo[]; owner: string }) {
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
        <ul className="safe-list">
          {safes.map(({ chain, address }) => (
            <SafeListItem
              key={`${chain.chainId}:${address}`}
              chain={chain}
              address={address}
              testId="owned-safe"
            />
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
          This wallet is not an owner of a Safe on the chains this gateway serves. Add one by address below.
        </EmptyState>
      ) : null}
    </div>
  )
}
