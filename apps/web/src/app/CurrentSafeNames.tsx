import type { ReactNode } from 'react'
import { AddressBookNames } from '../features/address-book/components/AddressBookNames'
import { EnsProvider } from '../features/ens/components/EnsProvider'
import { useRuntime } from './RuntimeContext'
import { useCurrentSafe } from './useCurrentSafe'

/**
 * Names for every AddressView of the app (header, sidebar, screens): the address books (the open Safe's first)
 * and ENS on chains whose config has a registry.
 */
export function CurrentSafeNames({ children }: { children: ReactNode }) {
  const current = useCurrentSafe()
  const { chains } = useRuntime()
  const chainId = current.status === 'ok' ? current.chain.chainId : undefined
  return (
    <EnsProvider chains={chains} openChainId={chainId}>
      <AddressBookNames chainId={chainId} safe={current.status === 'ok' ? current.address : undefined}>
        {children}
      </AddressBookNames>
    </EnsProvider>
  )
}
