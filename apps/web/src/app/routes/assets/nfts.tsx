import { CollectiblesGrid } from '../../../features/assets/components/CollectiblesGrid'
import { useSettings } from '../../../features/settings/useSettings'
import { NewTransactionLink } from '../../../features/tx-flow/components/NewTransactionLink'
import { RequireSafe } from '../RequireSafe'

export function NftsRoute() {
  const { hideSpam } = useSettings()
  return (
    <RequireSafe>
      {(safe) => (
        <div className="card">
          <h2>NFTs</h2>
          <CollectiblesGrid
            chainId={safe.chain.chainId}
            address={safe.address}
            hideSpam={hideSpam}
            itemAction={(item) => (
              <NewTransactionLink
                href={safe.href('/transactions/new', {
                  kind: 'nft',
                  collectible: `${item.address}:${item.id}`,
                })}
                label="Send"
                variant="row"
                testId="nft-send"
              />
            )}
          />
        </div>
      )}
    </RequireSafe>
  )
}
