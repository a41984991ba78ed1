import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useMemo } from 'react'
import { type KnownToken, KnownTokensContext } from '../components/ui/KnownTokensContext'
import { AddressBookNames } from '../features/address-book/components/AddressBookNames'
import { balancesQueryOptions } from '../features/assets/api/queries'
import { EnsProvider } from '../features/ens/components/EnsProvider'
import { useSettings } from '../features/settings/useSettings'
import { useRuntime } from './RuntimeContext'
import { useCurrentSafe } from './useCurrentSafe'

/**
 * Names for every AddressView of the app (header, sidebar, screens): the address books (the open Safe's first),
 * ENS on chains whose config has a registry, and the open Safe's tokens (names and amounts of decoded calls).
 */
export function CurrentSafeNames({ children }: { children: ReactNode }) {
  const current = useCurrentSafe()
  const { chains } = useRuntime()
  const chainId = current.status === 'ok' ? current.chain.chainId : undefined
  const safe = current.status === 'ok' ? current.address : undefined
  const chainIds = useMemo(() => chains.map((chain) => chain.chainId), [chains])
  return (
    <EnsProvider chains={chains} openChainId={chainId}>
      <AddressBookNames chainId={chainId} safe={safe} chainIds={chainIds}>
        <SafeTokens chainId={chainId} safe={safe}>
          {children}
        </SafeTokens>
      </AddressBookNames>
    </EnsProvider>
  )
}

/** The open Safe's ERC-20 tokens, from the same balances query its screens use (one request, shared). */
function SafeTokens({
  chainId,
  safe,
  children,
}: {
  chainId: string | undefined
  safe: string | undefined
  children: ReactNode
}) {
  const { currency, hideSpam } = useSettings()
  const balances = useQuery({
    ...balancesQueryOptions(chainId ?? '', safe ?? '', currency, hideSpam),
    enabled: !!chainId && !!safe,
  })
  const value = useMemo(() => {
    const tokens = new Map<string, KnownToken>()
    for (const { tokenInfo } of balances.data?.items ?? [])
      if (tokenInfo.type === 'ERC20' && typeof tokenInfo.decimals === 'number')
        tokens.set(tokenInfo.address.toLowerCase(), {
          address: tokenInfo.address,
          symbol: tokenInfo.symbol,
          name: tokenInfo.name,
          decimals: tokenInfo.decimals,
        })
    return { chainId, tokens }
  }, [balances.data, chainId])
  return <KnownTokensContext.Provider value={value}>{children}</KnownTokensContext.Provider>
}
