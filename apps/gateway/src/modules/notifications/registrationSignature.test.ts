import { keccak256, stringToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { isFreshTimestamp, recoverRegistrationSigner, registrationHash } from './registrationSignature.ts'

const owner = privateKeyToAccount(`0x${'11'.repeat(32)}`)
const SAFE_A = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const SAFE_B = '0x1234567890123456789012345678901234567890'
const base = {
  timestamp: '1700000000',
  uuid: '5f0b8e52-8c53-4c2b-9b0c-7f5a8e6f1a11',
  cloudMessagingToken: 'token',
}

describe('registrationHash', () => {
  it('default: keccak256 of "gnosis-safe" + timestamp + uuid + token + the sorted Safes', () => {
    expect(registrationHash({ ...base, safes: [SAFE_A, SAFE_B] })).toBe(
      keccak256(stringToBytes(`gnosis-safe${base.timestamp}${base.uuid}token${SAFE_B}${SAFE_A}`)),
    )
  })

  it('behavior: the order the Safes are sent in does not matter, their spelling does', () => {
    const hash = registrationHash({ ...base, safes: [SAFE_A, SAFE_B] })
    expect(registrationHash({ ...base, safes: [SAFE_B, SAFE_A] })).toBe(hash)
    expect(registrationHash({ ...base, safes: [SAFE_A.toLowerCase(), SAFE_B] })).not.toBe(hash)
  })
})

describe('recoverRegistrationSigner', () => {
  const hash = registrationHash({ ...base, safes: [SAFE_A] })

  it('default: WEB recovers an EIP-191 personal signature over the 32 raw bytes', async () => {
    const signature = await owner.signMessage({ message: { raw: hash } })
    expect(await recoverRegistrationSigner('WEB', hash, signature)).toBe(owner.address)
    // The same signature read as a mobile one (a plain hash signature) is someone else's.
    expect(await recoverRegistrationSigner('ANDROID', hash, signature)).not.toBe(owner.address)
  })

  it('default: mobile recovers a signature of the hash itself', async () => {
    const signature = await owner.sign({ hash })
    expect(await recoverRegistrationSigner('IOS', hash, signature)).toBe(owner.address)
    expect(await recoverRegistrationSigner('WEB', hash, signature)).not.toBe(owner.address)
  })

  it('error: a malformed signature has no signer', async () => {
    expect(await recoverRegistrationSigner('WEB', hash, `0x${'00'.repeat(65)}`)).toBeUndefined()
    expect(await recoverRegistrationSigner('IOS', hash, '0x1234')).toBeUndefined()
  })
})

describe('isFreshTimestamp', () => {
  const now = 1_700_000_000_000
  it('behavior: about five minutes either way', () => {
    expect(isFreshTimestamp('1700000000', now)).toBe(true)
    expect(isFreshTimestamp(String(1_700_000_000 - 299), now)).toBe(true)
    expect(isFreshTimestamp(String(1_700_000_000 + 299), now)).toBe(true)
    expect(isFreshTimestamp(String(1_700_000_000 - 301), now)).toBe(false)
    expect(isFreshTimestamp(String(1_700_000_000 + 301), now)).toBe(false)
  })
})
