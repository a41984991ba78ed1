/**
 * Safe 1.3.0's CompatibilityFallbackHandler passes an owner contract the raw message instead of the Safe message's
 * EIP-712 encoding, so an owner contract's signature of the Safe message hash does not hold there; 1.4.1 fixed it.
 */
export function contractOwnersSignMessages(version: string | null): boolean {
  const [, major, minor] = /^(\d+)\.(\d+)\./.exec(version ?? '') ?? []
  return Number(major) > 1 || (Number(major) === 1 && Number(minor) >= 4)
}
