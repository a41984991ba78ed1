import { TokenBalances } from '../../../features/assets/components/TokenBalances'
import { updateSettings, useSettings } from '../../../features/settings/useSettings'
import { NewTransactionLink } from '../../../features/tx-flow/components/NewTransactionLink'
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
          rowAction={(item) => (
            <NewTransactionLink
              href={safe.href('/transactions/new', { kind: 'send', token: item.tokenInfo.address })}
              label="Send"
              variant="row"
              testId="balance-send"
            />
          )}
        />
      )}
    </RequireSafe>
  )
}
