import { type ReactNode, useCallback, useMemo } from 'react'
import type { AddressNames } from '../../../components/ui/AddressNamesContext'
import { AddressNamesContext, KnownAddressesContext } from '../../../components/ui/AddressNamesContext'
import { knownName, useKnownNames } from '../knownBooks'
import { useAddressBook } from '../useAddressBook'

/**
 * Gives every AddressView below the names of the address books: the open Safe's (the shared one when signed
 * in) first, then every book this browser knows (so the Safe picker names Safes named in any book).
 */
export function AddressBookNames({
  chainId,
  safe,
  children,
}: {
  chainId: string | undefined
  safe: string | undefined
  children: ReactNode
}) {
  if (!chainId || !safe) return <KnownBookNames>{children}</KnownBookNames>
  return (
    <SafeBookNames chainId={chainId} safe={safe}>
      {children}
    </SafeBookNames>
  )
}

function KnownBookNames({ children }: { children: ReactNode }) {
  const known = useKnownNames()
  const nameOf = useCallback<AddressNames>((address, chainId) => knownName(known, address, chainId), [known])
  return <AddressNamesContext.Provider value={nameOf}>{children}</AddressNamesContext.Provider>
}

function SafeBookNames({ chainId, safe, children }: { chainId: string; safe: string; children: ReactNode }) {
  const { entries } = useAddressBook(chainId, safe)
  const known = useKnownNames()
  const names = useMemo(() => new Map(entries.map((e) => [e.address.toLowerCase(), e.name])), [entries])
  const nameOf = useCallback<AddressNames>(
    (address, onChain = chainId) =>
      (onChain === chainId ? names.get(address.toLowerCase()) : undefined) ??
      knownName(known, address, onChain),
    [names, known, chainId],
  )
  return (
    <AddressNamesContext.Provider value={nameOf}>
      <KnownAddressesContext.Provider value={entries}>{children}</KnownAddressesContext.Provider>
    </AddressNamesContext.Provider>
  )
}
