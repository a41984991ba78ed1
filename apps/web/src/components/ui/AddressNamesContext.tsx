import { createContext, useContext } from 'react'

/**
 * The name the address books give an address on a chain (the open Safe's chain when none is given): the open
 * Safe's book first, then any book this browser knows. The app provides it (features/address-book).
 */
export type AddressNames = (address: string, chainId?: string) => string | undefined

export const AddressNamesContext = createContext<AddressNames>(() => undefined)

export const useAddressName = (address: string, chainId?: string): string | undefined =>
  useContext(AddressNamesContext)(address, chainId)

/** The addresses the open Safe's address book names, for checks that compare with them (lookalikes). */
export const KnownAddressesContext = createContext<readonly { address: string; name: string }[]>([])
