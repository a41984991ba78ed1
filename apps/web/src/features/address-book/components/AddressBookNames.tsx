import { type ReactNode, useCallback, useMemo } from 'react'
import { AddressNamesContext } from '../../../components/ui/AddressNamesContext'
import { useAddressBook } from '../useAddressBook'

/** Gives every AddressView below the names of the open Safe's address book. */
export function AddressBookNames({
  chainId,
  safe,
  children,
}: {
  chainId: string | undefined
  safe: string | undefined
  children: ReactNode
}) {
  if (!chainId || !safe) return <>{children}</>
  return (
    <SafeBookNames chainId={chainId} safe={safe}>
      {children}
    </SafeBookNames>
  )
}

function SafeBookNames({ chainId, safe, children }: { chainId: string; safe: string; children: ReactNode }) {
  const { entries } = useAddressBook(chainId, safe)
  const names = useMemo(() => new Map(entries.map((e) => [e.address.toLowerCase(), e.name])), [entries])
  const nameOf = useCallback((address: string) => names.get(address.toLowerCase()), [names])
  return <AddressNamesContext.Provider value={nameOf}>{children}</AddressNamesContext.Provider>
}
