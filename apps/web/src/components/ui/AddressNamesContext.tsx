import { createContext, useContext } from 'react'

/** Names the open Safe's address book gives addresses; the app provides them (features/address-book). */
export const AddressNamesContext = createContext<(address: string) => string | undefined>(() => undefined)

export const useAddressName = (address: string): string | undefined =>
  useContext(AddressNamesContext)(address)
