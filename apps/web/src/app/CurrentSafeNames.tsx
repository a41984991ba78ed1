import type { ReactNode } from 'react'
import { AddressBookNames } from '../features/address-book/components/AddressBookNames'
import { useCurrentSafe } from './useCurrentSafe'

/** The open Safe's address book names for every AddressView of the app (header, sidebar, screens). */
export function CurrentSafeNames({ children }: { children: ReactNode }) {
  const current = useCurrentSafe()
  return (
    <AddressBookNames
      chainId={current.status === 'ok' ? current.chain.chainId : undefined}
      safe={current.status === 'ok' ? current.address : undefined}
    >
      {children}
    </AddressBookNames>
  )
}
