// The EIP-4361 rules a Sign-In with Ethereum message must meet before its signature is even looked at: every
// failure names the field, so a client knows what to fix. The nonce's single use is checked by the repository.

import { type Address, getAddress, isAddress } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import { FatalError } from '../../errors/GatewayError.ts'

/** How long an issued nonce may be used (and how old a message's issuedAt may be). */
export const NONCE_TTL_MS = 10 * 60_000
/** Clock skew tolerated between the signer's clock and ours. */
const SKEW_MS = 60_000
const NONCE = /^[a-zA-Z0-9]{8,128}$/

export type SiweFields = { address: Address; chainId: number; nonce: string; domain: string }

export class SiweRuleError extends FatalError {
  override name = 'SiweRuleError'
}

/**
 * Parses and checks a SIWE message: version 1, a domain `acceptsDomain` takes (from configuration, never
 * from the request), an alphanumeric nonce, and times that hold at `now`.
 */
export function checkSiweMessage(
  text: string,
  p: { acceptsDomain: (domain: string) => boolean; now: number },
): SiweFields {
  const m = parseSiweMessage(text)
  if (!m.domain || !m.address || !m.uri || m.version === undefined || m.chainId === undefined || !m.nonce)
    throw new SiweRuleError(
      'Not a Sign-In with Ethereum message (EIP-4361): domain, address, URI, version, chain ID and nonce are required',
    )
  if (m.version !== '1') throw new SiweRuleError(`Unsupported SIWE version ${m.version}`)
  if (!isAddress(m.address, { strict: false })) throw new SiweRuleError('Invalid address in the message')
  if (!p.acceptsDomain(m.domain))
    throw new SiweRuleError(`Wrong domain: the message is for ${m.domain}, not for this site`)
  if (!NONCE.test(m.nonce)) throw new SiweRuleError('Invalid nonce (8 to 128 letters and digits)')
  const time = (d: Date | undefined, field: string) => {
    if (d === undefined) return undefined
    const t = d.getTime()
    if (Number.isNaN(t)) throw new SiweRuleError(`Invalid ${field} (RFC 3339 expected)`)
    return t
  }
  const issuedAt = time(m.issuedAt, 'Issued At')
  const expiresAt = time(m.expirationTime, 'Expiration Time')
  const notBefore = time(m.notBefore, 'Not Before')
  if (issuedAt === undefined) throw new SiweRuleError('Issued At is required')
  if (issuedAt > p.now + SKEW_MS) throw new SiweRuleError('Issued At is in the future')
  if (issuedAt < p.now - NONCE_TTL_MS - SKEW_MS)
    throw new SiweRuleError('The message is too old: request a new nonce and sign again')
  if (expiresAt !== undefined && expiresAt <= p.now) throw new SiweRuleError('The message has expired')
  if (notBefore !== undefined && notBefore > p.now + SKEW_MS)
    throw new SiweRuleError('The message is not valid yet (Not Before)')
  return { address: getAddress(m.address), chainId: m.chainId, nonce: m.nonce, domain: m.domain }
}
