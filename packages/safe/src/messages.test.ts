import { type Address, keccak256 } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  domainHasChainId,
  MESSAGE_ERRORS,
  MESSAGE_LIMITS,
  messageHash,
  messageValues,
  safeMessageHash,
  safeMessagePreimage,
  safeMessageTypedData,
  validateMessage,
} from './messages.ts'

// The "Mail" example of EIP-712 and its published hash.
const mail = {
  domain: {
    name: 'Ether Mail',
    version: '1',
    chainId: 1,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  types: {
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
}
const safe = {
  version: '1.4.1',
  chainId: 31337,
  address: '0x5aFE3855358E112B5647B952709E6165e1c1eEEe' as Address,
}

describe('validateMessage', () => {
  it('default: a string and typed data pass unchanged', () => {
    expect(validateMessage('hello')).toBe('hello')
    expect(validateMessage(mail)).toEqual(mail)
  })

  it.each([
    ['a number', 42, MESSAGE_ERRORS.invalidType],
    ['null', null, MESSAGE_ERRORS.invalidType],
    ['an array', ['a'], MESSAGE_ERRORS.invalidType],
    ['no types', { ...mail, types: undefined }, MESSAGE_ERRORS.invalidTypedData],
    ['no domain', { ...mail, domain: undefined }, MESSAGE_ERRORS.invalidTypedData],
    ['message not an object', { ...mail, message: 'x' }, MESSAGE_ERRORS.invalidTypedData],
    ['no primaryType', { ...mail, primaryType: undefined }, MESSAGE_ERRORS.missingPrimaryType],
    ['a primaryType that is not a type', { ...mail, primaryType: 'Letter' }, MESSAGE_ERRORS.invalidTypedData],
    ['a field without type', { ...mail, types: { Mail: [{ name: 'x' }] } }, MESSAGE_ERRORS.invalidTypedData],
    [
      'a value that does not fit its type',
      { ...mail, message: { ...mail.message, from: { name: 'Cow', wallet: '0x12' } } },
      MESSAGE_ERRORS.invalidTypedData,
    ],
    ['a missing struct value', { ...mail, message: { contents: 'x' } }, MESSAGE_ERRORS.invalidTypedData],
  ])('error: %s', (_, input, error) => {
    expect(() => validateMessage(input)).toThrow(new RegExp(`^${error}$`))
  })

  it('error: limits (length, depth, types, fields, stored characters)', () => {
    expect(() => validateMessage('x'.repeat(MESSAGE_LIMITS.maxLength + 1))).toThrow(/too long/)
    expect(() =>
      validateMessage({ ...mail, message: { contents: 'x'.repeat(MESSAGE_LIMITS.maxLength) } }),
    ).toThrow(/too large/)
    let deep: unknown = 'x'
    for (let i = 0; i < MESSAGE_LIMITS.maxDepth + 2; i++) deep = { a: deep }
    expect(() => validateMessage({ ...mail, message: deep })).toThrow(/too deep/)
    const many = Object.fromEntries(
      Array.from({ length: MESSAGE_LIMITS.maxTypes + 1 }, (_, i) => [
        `T${i}`,
        [{ name: 'a', type: 'uint8' }],
      ]),
    )
    expect(() => validateMessage({ ...mail, types: { ...mail.types, ...many } })).toThrow(/too many types/)
    const fields = Array.from({ length: MESSAGE_LIMITS.maxFieldsPerType + 1 }, (_, i) => ({
      name: `f${i}`,
      type: 'uint8',
    }))
    expect(() => validateMessage({ ...mail, types: { ...mail.types, Mail: fields } })).toThrow(
      /too many fields/,
    )
    // The hashing bomb: a 64 KB array of one-letter strings would cost the gateway ~0.5 s per hash.
    const list = (n: number) => ({
      domain: { name: 'x' },
      types: { M: [{ name: 'a', type: 'string[]' }] },
      primaryType: 'M',
      message: { a: Array.from({ length: n }, () => 'a') },
    })
    // domain object + name, message object + array = 4 values beside the elements
    expect(messageValues(list(10))).toBe(14)
    expect(() => validateMessage(list(MESSAGE_LIMITS.maxValues - 4))).not.toThrow()
    expect(() => validateMessage(list(MESSAGE_LIMITS.maxValues - 3))).toThrow(
      `Typed data holds too many values (at most ${MESSAGE_LIMITS.maxValues})`,
    )
    expect(() => validateMessage('a\u0000b')).toThrow(/NUL/)
    expect(() => validateMessage('a\uD800b')).toThrow(/surrogate/)
    expect(validateMessage('emoji \uD83D\uDE00')).toBe('emoji \uD83D\uDE00')
  })
})

describe('hashes', () => {
  it('default: EIP-191 of a string, EIP-712 of typed data (published vectors)', () => {
    expect(messageHash('hello world')).toBe(
      '0xd9eba16ed0ecae432b71fe008c98cc872bb4cc214d3220a36f365326cf807d68',
    )
    expect(messageHash(mail as never)).toBe(
      '0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2',
    )
  })

  it('behavior: the domain holds chainId from v1.3.0 on', () => {
    expect([domainHasChainId('1.1.1'), domainHasChainId('1.2.0'), domainHasChainId('1.3.0+L2')]).toEqual([
      false,
      false,
      true,
    ])
    expect(domainHasChainId('1.4.1')).toBe(true)
    expect(safeMessageTypedData({ ...safe, version: '1.2.0' }, 'x').domain).toEqual({
      verifyingContract: safe.address,
    })
    expect(safeMessageHash({ ...safe, version: '1.2.0' }, 'x')).not.toBe(safeMessageHash(safe, 'x'))
    expect(safeMessageHash({ ...safe, version: '1.3.0' }, 'x')).toBe(safeMessageHash(safe, 'x'))
    expect(safeMessageHash({ ...safe, chainId: 1 }, 'x')).not.toBe(safeMessageHash(safe, 'x'))
  })

  it('behavior: the preimage hashes to the Safe message hash, for every domain', () => {
    for (const version of ['1.1.1', '1.3.0', '1.4.1'])
      for (const m of ['hello', mail as never]) {
        const ref = { ...safe, version }
        expect(keccak256(safeMessagePreimage(ref, m))).toBe(safeMessageHash(ref, m))
      }
  })
})
