import { useQuery } from '@tanstack/react-query'
import { useAccount } from 'wagmi'
import { NotificationSettings } from '../../../features/notifications/components/NotificationSettings'
import { safeInfoQueryOptions } from '../../../features/safe/api/queries'
import { isOwner } from '../../../features/safe/isOwner'
import type { OpenSafe } from '../../useCurrentSafe'
import { RequireSafe } from '../RequireSafe'

export function NotificationSettingsRoute() {
  return <RequireSafe>{(safe) => <SafeNotifications safe={safe} />}</RequireSafe>
}

function SafeNotifications({ safe }: { safe: OpenSafe }) {
  const { address: account } = useAccount()
  const info = useQuery(safeInfoQueryOptions(safe.chain.chainId, safe.address))
  const owners = info.data?.owners ?? []
  return (
    <NotificationSettings
      chain={safe.chain}
      safe={safe.address}
      account={account}
      isOwner={isOwner(owners, account)}
      ownsSafe={(address) => isOwner(owners, address)}
    />
  )
}
