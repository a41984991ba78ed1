import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { EmptyState } from '../../../components/ui/EmptyState'
import { removeRecentSafe, useRecentSafes } from '../useRecentSafes'
import { SafeListItem } from './SafeListItem'

/** Safes opened before in this browser (newest first), on chains the gateway still serves. */
export function RecentSafes({ chains }: { chains: readonly ChainInfo[] }) {
  const recent = useRecentSafes().flatMap((safe) => {
    const chain = chains.find((candidate) => candidate.chainId === safe.chainId)
    return chain ? [{ ...safe, chain }] : []
  })
  if (recent.length === 0)
    return <EmptyState title="No recent Safes">Safes you open appear here for quick access.</EmptyState>
  return (
    <ul className="safe-list" data-testid="recent-safes">
      {recent.map((safe) => (
        <SafeListItem
          key={`${safe.chainId}:${safe.address}`}
          chain={safe.chain}
          address={safe.address}
          testId="recent-safe"
          actions={
            <button
              type="button"
              className="button small-button"
              aria-label={`Remove ${safe.address} from recent Safes`}
              onClick={() => removeRecentSafe(safe)}
            >
              Remove
            </button>
          }
        />
      ))}
    </ul>
  )
}
