import { useQuery } from '@tanstack/react-query'
import { SafeSetup } from '../../../features/safe/components/SafeSetup'
import { safeInfoQueryOptions } from '../../../features/safe/queries'
import { SetupChanges } from '../../../features/tx-flow/components/settings/SetupChanges'
import type { OpenSafe } from '../../useCurrentSafe'
import { RequireSafe } from '../RequireSafe'

export function SetupRoute() {
  return (
    <RequireSafe>
      {(safe) => (
        <>
          <SafeSetup chain={safe.chain} address={safe.address} />
          <Changes safe={safe} />
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
    <SetupChanges
      chain={safe.chain}
      safe={safe.address}
      info={info.data}
      hrefFor={(action, target) =>
        safe.href('/transactions/new', { kind: 'settings', action, ...(target ? { target } : {}) })
      }
    />
  )
}
