// getAddress behind a plain Map: the replay checksums the same few addresses (a Safe, its owners, its
// tokens) again on every log, and a Map hit costs less than viem's validation and LRU lookups.
import { type Address, getAddress } from 'viem'

const cache = new Map<string, Address>()

/** The checksummed form of a 20-byte hex address (throws, as getAddress does, on anything else). */
export function checksum(address: string): Address {
  let out = cache.get(address)
  if (out === undefined) {
    out = getAddress(address)
    if (cache.size >= 10_000) cache.clear()
    cache.set(address, out)
  }
  return out
}
