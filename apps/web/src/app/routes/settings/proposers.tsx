import { useQuery } from '@tanstack/react-query'
import { useAccount } from 'wagmi'
import { Proposers } from '../../../features/delegates/components/Proposers'
import { safeInfoQueryOptions } from '../../../features/safe/api/queries'
import { isOwner } from '../../../features/safe/isOwner'
import type { OpenSafe } from '../../useCurrentSafe'
import { RequireSafe } from '../RequireSafe'

export function ProposersRoute() {
  return <RequireSafe>{(safe) => <SafeProposers safe={safe} />}</RequireSafe>
}

function SafeProposers({ safe }: { safe: OpenSafe }) {
  const { address: account } = useAccount()
  const info = useQuery(safeInfoQueryOptions(safe.chain.chainId, safe.address))
  return (
    <Proposers
      chain={safe.chain}
      safe={safe.address}
      account={account}
      isOwner={!!info.data && isOwner(info.data.owners, account)}
    />
  )
}
