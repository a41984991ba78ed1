import type { SafeCollectibleResponse } from '@safe-global/safe-gateway-typescript-sdk'
import { useInfiniteQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { EmptyState } from '../../../components/ui/EmptyState'
import { LoadMore } from '../../../components/ui/LoadMore'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { collectiblesQueryOptions } from '../api/queries'

export type CollectiblesGridProps = {
  chainId: string
  address: string
  hideSpam: boolean
  /** An action under each NFT (e.g. Send). */
  itemAction?: ((item: SafeCollectibleResponse) => ReactNode) | undefined
}

/** The Safe's NFTs (ERC-721) with image and name, loaded page by page. */
export function CollectiblesGrid({ chainId, address, hideSpam, itemAction }: CollectiblesGridProps) {
  const query = useInfiniteQuery(collectiblesQueryOptions(chainId, address, hideSpam))
  return (
    <QueryBoundary
      query={query}
      errorTitle="Could not load the NFTs"
      loading={{ lines: 6, variant: 'grid', label: 'Loading NFTs' }}
    >
      {(data) => {
        const items = data.pages.flatMap((page) => page.results)
        if (items.length === 0)
          return <EmptyState title="No NFTs">This Safe holds no collectibles.</EmptyState>
        return (
          <>
            <ul className="nft-grid" data-testid="nft-grid">
              {items.map((item) => (
                <NftCard key={`${item.address}:${item.id}`} item={item} action={itemAction?.(item)} />
              ))}
            </ul>
            <LoadMore query={query} errorTitle="Could not load more NFTs" testId="nft-load-more" />
          </>
        )
      }}
    </QueryBoundary>
  )
}

function NftCard({ item, action }: { item: SafeCollectibleResponse; action?: ReactNode }) {
  const [imageFailed, setImageFailed] = useState(false)
  const name = item.name || `${item.tokenName || item.tokenSymbol} #${item.id}`
  return (
    <li className="nft-card" data-testid="nft-item" data-token-id={item.id}>
      <div className="nft-image">
        {item.imageUri && !imageFailed ? (
          <img
            src={item.imageUri}
            alt={name}
            loading="lazy"
            onError={() => setImageFailed(true)}
            data-testid="nft-image"
          />
        ) : (
          <span className="nft-placeholder" aria-hidden="true">
            {item.tokenSymbol || 'NFT'}
          </span>
        )}
      </div>
      <div className="nft-meta">
        <span className="nft-name" data-testid="nft-name">
          {name}
        </span>
        <span className="muted small">
          {item.tokenName} · #{item.id}
        </span>
        {action}
      </div>
    </li>
  )
}
