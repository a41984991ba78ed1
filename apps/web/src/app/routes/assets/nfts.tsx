import { CollectiblesGrid } from '../../../features/assets/components/CollectiblesGrid'
import { useSettings } from '../../../features/settings/useSettings'
import { RequireSafe } from '../RequireSafe'

export function NftsRoute() {
  const { hideSpam } = useSettings()
  return (
    <RequireSafe>
      {(safe) => (
        <div className="card">
          <h2>NFTs</h2>
          <CollectiblesGrid chainId={safe.chain.chainId} address={safe.address} hideSpam={hideSpam} />
        </div>
      )}
    </RequireSafe>
  )
}
