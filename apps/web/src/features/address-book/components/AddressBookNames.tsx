import { type ReactNode, useCallback, useMemo } from 'react'
import type { AddressNames } from '../../../components/ui/AddressNamesContext'
import { AddressNamesContext, KnownAddressesContext } from '../../../components/ui/AddressNamesContext'
import { chainName, useChainNames } from '../chainNames'
import { knownName, useKnownNames } from '../knownBooks'
import { useAddressBook } from '../useAddressBook'

/**
 * Gives every AddressView below the names of the address books: the open Safe's (the shared one when signed
 * in) first, then every book this browser knows (so the Safe picker names Safes named in any book), then the
 * names the gateway's chains give (e.g. the demo Safes'), so a user's own name always wins.
 */
export function AddressBookNames({
  chainId,
  safe,
  chainIds,
  children,
}: {
  chainId: string | undefined
  safe: string | undefined
  /** The chains whose configured names apply. */
  chainIds: readonly string[]
  children: ReactNode
}) {
  if (!chainId || !safe) return <KnownBookNames chainIds={chainIds}>{children}</KnownBookNames>
  return (
    <SafeBookNames chainId={chainId} safe={safe} chainIds={chainIds}>
      {children}
    </SafeBookNames>
  )
}

function KnownBookNames({ chainIds, children }: { chainIds: readonly string[]; children: ReactNode }) {
  const known = useKnownNames()
  const fromChains = useChainNames(chainIds)
  const nameOf = useCallback<AddressNames>(
    (address, chainId) => knownName(known, address, chainId) ?? chainName(fromChains, address, chainId),
    [known, fromChains],
  )
  return <AddressNamesContext.Provider value={nameOf}>{children}</AddressNamesContext.Provider>
}

function SafeBookNames({
  chainId,
  safe,
  chainIds,
  children,
}: {
  chainId: string
  safe: string
  chainIds: readonly string[]
  children: ReactNode
}) {
  const { entries } = useAddressBook(chainId, safe)
  const known = useKnownNames()
  const fromChains = useChainNames(chainIds)
  const names = useMemo(() => new Map(entries.map((e) => [e.address.toLowerCase(), e.name])), [entries])
  const nameOf = useCallback<AddressNames>(
    (address, onChain = chainId) =>
      (onChain === chainId ? names.get(address.toLowerCase()) : undefined) ??
      knownName(known, address, onChain) ??
      chainName(fromChains, address, onChain),
    [names, known, chainId, fromChains],
  )
  return (
    <AddressNamesContext.Provider value={nameOf}>
      <KnownAddressesContext.Provider value={entries}>{children}</KnownAddressesContext.Provider>
    </AddressNamesContext.Provider>
  )
}
