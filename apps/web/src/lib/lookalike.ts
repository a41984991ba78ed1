import { isAddress } from 'viem'

/** An address this Safe knows, with what to call it (an address-book name, or a role such as "paid before"). */
export type KnownAddress = { address: string; name: string }

const hex = (address: string) => address.slice(2).toLowerCase()

/**
 * A known address `address` imitates: the same first and last four hex characters, another middle (address
 * poisoning sends dust from such lookalikes so that a copy from history picks them).
 */
export function lookalikeOf(address: string, known: readonly KnownAddress[]): KnownAddress | undefined {
  const a = hex(address)
  return known.find((k) => {
    if (!isAddress(k.address, { strict: false })) return false
    const b = hex(k.address)
    return a !== b && a.slice(0, 4) === b.slice(0, 4) && a.slice(-4) === b.slice(-4)
  })
}
