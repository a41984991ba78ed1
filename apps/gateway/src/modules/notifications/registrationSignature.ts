// The owner signature of a notification registration (the Client Gateway's POST /v1/register/notifications),
// as Safe{Wallet} and the mobile apps sign it:
// keccak256(utf8("gnosis-safe" + timestamp + uuid + cloudMessagingToken + safes.sort().join(""))).
// A WEB device signs those 32 bytes as an EIP-191 personal message; a mobile app signs the hash itself.
import { type Address, type Hex, keccak256, recoverAddress, recoverMessageAddress, stringToBytes } from 'viem'

export type DeviceType = 'ANDROID' | 'IOS' | 'WEB'

/**
 * The hash an owner signs for one `safeRegistrations` entry. The Safes are sorted as the client sent them
 * (a plain string sort, as Safe{Wallet} does), not normalised: the signer hashed its own spelling.
 */
export function registrationHash(p: {
  timestamp: string
  uuid: string
  cloudMessagingToken: string
  safes: readonly string[]
}): Hex {
  const safes = [...p.safes].sort().join('')
  return keccak256(stringToBytes(`gnosis-safe${p.timestamp}${p.uuid}${p.cloudMessagingToken}${safes}`))
}

/** The address that signed `hash` for this device type, or undefined for a malformed signature. */
export async function recoverRegistrationSigner(
  deviceType: DeviceType,
  hash: Hex,
  signature: Hex,
): Promise<Address | undefined> {
  try {
    return deviceType === 'WEB'
      ? await recoverMessageAddress({ message: { raw: hash }, signature })
      : await recoverAddress({ hash, signature })
  } catch {
    return undefined // not 65 bytes, bad v, r/s out of range: no signer
  }
}

/** How far a registration's timestamp may be from now (either way), as CGW: about five minutes. */
export const REGISTRATION_MAX_AGE_MS = 5 * 60_000

/** Whether a `timestamp` (unix seconds, a string) is recent enough to accept the signatures over it. */
export function isFreshTimestamp(timestamp: string, now = Date.now()): boolean {
  const ms = Number(timestamp) * 1000
  return Number.isFinite(ms) && Math.abs(now - ms) <= REGISTRATION_MAX_AGE_MS
}
