import { TokenBalances } from '../../../features/assets/components/TokenBalances'
import { updateSettings, useSettings } from '../../../features/settings/useSettings'
import { RequireSafe } from '../RequireSafe'

export function TokensRoute() {
  const { currency, hideSpam } = useSettings()
  return (
    <RequireSafe>
      {(safe) => (
        <TokenBalances
          chain={safe.chain}
          address={safe.address}
          currency={currency}
          hideSpam={hideSpam}
          onHideSpamChange={(value) => updateSettings({ hideSpam: value })}
        />
      )}
    </RequireSafe>
  )
}
