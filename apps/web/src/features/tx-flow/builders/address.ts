import { type Address, getAddress, isAddress } from 'viem'
import { type BuildResult, fail, ok } from '../types'

/**
 * A typed address, checksummed. Mixed case must be a valid EIP-55 checksum (a typo in a checksummed
 * address is caught); all-lower or all-upper hex is accepted.
 */
export function parseAddress(input: string, label = 'address'): BuildResult<Address> {
  const text = input.trim()
  if (text === '') return fail(`Enter the ${label}`)
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) return fail('Expected 0x followed by 40 hexadecimal characters')
  const hex = text.slice(2)
  const unchecked = hex === hex.toLowerCase() || hex === hex.toUpperCase()
  if (!unchecked && !isAddress(text)) return fail('Wrong checksum: check the address for a typo')
  return ok(getAddress(`0x${hex.toLowerCase()}`))
}
