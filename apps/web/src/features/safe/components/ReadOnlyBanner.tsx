import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { useAccount } from 'wagmi'
import { AddressView } from '../../../components/ui/AddressView'
import { shortAddress } from '../../../lib/format'
import { SAFE_CONNECTOR_ID } from '../../../lib/safeAppFrame'
import { ownedSafesQueryOptions, safeInfoQueryOptions } from '../api/queries'
import { isOwner } from '../isOwner'

/** Tells a connected wallet that is not an owner of the open Safe that it can only look. */
export function ReadOnlyBanner({ chain, address }: { chain: ChainInfo; address: string }) {
  const { address: account, connector } = useAccount()
  const info = useQuery(safeInfoQueryOptions(chain.chainId, address))
  const owned = useQuery({ ...ownedSafesQueryOptions(chain.chainId, account ?? ''), enabled: !!account })
  if (!account || !info.data || isOwner(info.data.owners, account)) return null
  // A Safe the wallet owns is an owner of this one (nested Safes): it signs as that Safe.
  const parent = owned.data?.find((safe) => isOwner(info.data.owners, safe))
  // Embedded mode: the "wallet" is the host's Safe itself (the Safe connector).
  if (connector?.id === SAFE_CONNECTOR_ID && account.toLowerCase() === address.toLowerCase())
    return (
      <div className="banner small" role="status" data-testid="embedded-safe-banner">
        <p>
          <strong>Opened as a Safe App.</strong> This Safe is the one of the app around this page: new
          transactions created here go to that app for its owners to sign; confirm or execute them there.
        </p>
      </div>
    )
  if (parent)
    return (
      <div className="banner small" role="status" data-testid="nested-owner-banner">
        <p>
          <strong>Owner through a Safe.</strong> The connected wallet {shortAddress(account)} is not an owner
          of this Safe itself, but of <AddressView address={parent} short />, one of its owners: in the queue,
          sign as that Safe.
        </p>
      </div>
    )
  return (
    <div className="banner warning" role="status" data-testid="read-only-banner">
      <p>
        <strong>Read-only.</strong> The connected wallet {shortAddress(account)} is not an owner of this Safe:
        you can look at everything, but not propose, confirm or execute transactions.
      </p>
    </div>
  )
}
