import { useQuery } from '@tanstack/react-query'
import { safeInfoQueryOptions } from '../../../features/safe/api/queries'
import { SafeSetup } from '../../../features/safe/components/SafeSetup'
import type { SettingsAction } from '../../../features/tx-flow/components/forms/SettingsForm'
import { OwnerChangeLinks, SetupChanges } from '../../../features/tx-flow/components/settings/SetupChanges'
import type { OpenSafe } from '../../useCurrentSafe'
import { RequireSafe } from '../RequireSafe'
import { PasskeyOwnersSection } from './PasskeyOwnersSection'
import { RecoveryPanel } from './RecoveryPanel'

/** New transaction with this setup change (and its owner or module) chosen. */
const setupHref = (safe: OpenSafe, action: SettingsAction, target?: string) =>
  safe.href('/transactions/new', { kind: 'settings', action, ...(target ? { target } : {}) })

export function SetupRoute() {
  return (
    <RequireSafe>
      {(safe) => (
        <>
          <SafeSetup
            chain={safe.chain}
            address={safe.address}
            renderOwnerActions={(owner, owners) => (
              <OwnerChangeLinks
                chain={safe.chain}
                safe={safe.address}
                owner={owner}
                owners={owners}
                hrefFor={(action, target) => setupHref(safe, action, target)}
              />
            )}
          />
          <Changes safe={safe} />
          <PasskeyOwnersSection safe={safe} />
        </>
      )}
    </RequireSafe>
  )
}

/** The setup changes below the setup, once the Safe info is there (SafeSetup shows its loading and errors). */
function Changes({ safe }: { safe: OpenSafe }) {
  const info = useQuery(safeInfoQueryOptions(safe.chain.chainId, safe.address))
  if (!info.data) return null
  return (
    <>
      <SetupChanges
        chain={safe.chain}
        safe={safe.address}
        info={info.data}
        hrefFor={(action, target) => setupHref(safe, action, target)}
      />
      <RecoveryPanel safe={safe} info={info.data} mode="setup" />
    </>
  )
}
