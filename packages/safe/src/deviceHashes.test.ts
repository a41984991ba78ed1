import { concat, hashTypedData, keccak256, toHex, zeroAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { deviceHashes, type TypedDataLike } from './deviceHashes.ts'
import { safeMessageTypedData } from './messages.ts'
import * as SafeTx from './SafeTx.ts'
import { delegateTypedData } from './serviceRequests.ts'

const safe = { chainId: 11155111, address: '0x5afe5afE5afE5afE5afE5aFe5aFe5Afe5Afe5AfE' } as const

describe('deviceHashes', () => {
  it.each([
    [
      'a SafeTx (1.3.0+ domain)',
      SafeTx.getTypedData(SafeTx.from({ to: zeroAddress, value: 1n, nonce: 3n }), safe),
    ],
    ['a SafeMessage (1.4.1)', safeMessageTypedData({ version: '1.4.1', ...safe }, 'hello')],
    [
      'a SafeMessage (1.1.1: no chainId in the domain)',
      safeMessageTypedData({ version: '1.1.1', ...safe }, 'hi'),
    ],
    ['a Delegate request', delegateTypedData({ delegate: safe.address, totp: 491_234, chainId: 1 })],
    ['a Delegate request without chainId', delegateTypedData({ delegate: safe.address, totp: 491_234 })],
  ])('behavior: %s: the two hashes make the digest the wallet signs', (_, typed) => {
    const h = deviceHashes(typed as TypedDataLike)
    expect(h.digest).toBe(hashTypedData(typed as Parameters<typeof hashTypedData>[0]))
    expect(keccak256(concat(['0x1901', h.domainHash, h.messageHash]))).toBe(h.digest)
  })

  it('behavior: the domain hash of a SafeTx is the Safe domain separator (chainId, verifyingContract)', () => {
    const typed = SafeTx.getTypedData(SafeTx.from({ to: zeroAddress, nonce: 0n }), safe)
    // keccak256(abi.encode(DOMAIN_SEPARATOR_TYPEHASH, chainId, this)), as Safe >= 1.3.0 computes it.
    const typeHash = keccak256(toHex('EIP712Domain(uint256 chainId,address verifyingContract)'))
    const separator = keccak256(
      concat([
        typeHash,
        toHex(safe.chainId, { size: 32 }),
        `0x${safe.address.slice(2).toLowerCase().padStart(64, '0')}`,
      ]),
    )
    expect(deviceHashes(typed).domainHash).toBe(separator)
  })
})
