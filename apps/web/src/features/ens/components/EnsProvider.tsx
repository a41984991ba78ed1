import { useQuery } from '@tanstack/react-query'
import { getClient } from '@wagmi/core'
import { createContext, type ReactNode, useContext, useMemo } from 'react'
import { WagmiContext } from 'wagmi'
import { EnsContext, type EnsProfile } from '../../../components/ui/EnsContext'
import { type EnsScope, ensAvatarQuery, ensNameQuery } from '../api/queries'

const EnsChainsContext = createContext<EnsScope>({ chains: [], openChainId: undefined })

/** ENS names and avatars for every AddressView below, on the gateway's chains that configure a registry. */
export function EnsProvider({ chains, openChainId, children }: EnsScope & { children: ReactNode }) {
  const value = useMemo(() => ({ chains, openChainId }), [chains, openChainId])
  return (
    <EnsChainsContext.Provider value={value}>
      <EnsContext.Provider value={useChainEnsProfile}>{children}</EnsContext.Provider>
    </EnsChainsContext.Provider>
  )
}

/** The ENS profile of `address` on `chainId` (default: the open Safe's chain); nothing asked without a registry. */
function useChainEnsProfile(
  address: string,
  chainId: string | undefined,
  enabled: boolean,
): EnsProfile | undefined {
  const scope = useContext(EnsChainsContext)
  const id = chainId ?? scope.openChainId
  // The chain's bare client (ENS reads use viem's tree-shaken actions, not a public client's decorators), once
  // wagmi has loaded: a visitor on the start page without a wallet sees addresses without ENS names.
  const config = useContext(WagmiContext)
  const client = useMemo(
    () => (config ? getClient(config, { chainId: id ? Number(id) : undefined }) : undefined),
    [config, id],
  )
  const name = useQuery(ensNameQuery(scope, chainId, address, client, enabled))
  const ensName = enabled ? name.data : undefined
  const avatar = useQuery(ensAvatarQuery(scope, chainId, ensName, client))
  return ensName ? { name: ensName, avatar: avatar.data ?? undefined } : undefined
}
