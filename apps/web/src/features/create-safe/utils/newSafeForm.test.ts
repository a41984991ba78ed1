import { describe, expect, it } from 'vitest'
import { validateNewSafe } from './newSafeForm'

const a0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const a1 = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

describe('validateNewSafe', () => {
  it('default: owners checksummed, threshold and salt parsed', () => {
    expect(validateNewSafe({ owners: [a0, ` ${a1} `], threshold: '2', saltNonce: '42' })).toEqual({
      ok: true,
      value: { owners: [a0, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'], threshold: 2, saltNonce: 42n },
    })
  })

  it('error: each bad field has its message', () => {
    expect(
      validateNewSafe({ owners: [a0, 'nope', a0.toLowerCase(), ''], threshold: '5', saltNonce: '-1' }),
    ).toEqual({
      ok: false,
      errors: {
        owners: [
          null,
          'Not an address: expected 0x followed by 40 hexadecimal characters',
          'This owner is already listed',
          'Enter an owner address',
        ],
        threshold: 'At most 4 (the number of owners)',
        saltNonce: 'A whole number (uint256)',
      },
    })
    const zero = validateNewSafe({ owners: [a0], threshold: '0', saltNonce: `${2n ** 256n}` })
    expect(zero.ok ? null : [zero.errors.threshold, zero.errors.saltNonce]).toEqual([
      'At least one confirmation',
      'A whole number (uint256)',
    ])
    const sentinel = validateNewSafe({
      owners: ['0x0000000000000000000000000000000000000001'],
      threshold: '1',
      saltNonce: '0',
    })
    expect(sentinel.ok ? null : sentinel.errors.owners).toEqual(['This address cannot be an owner'])
  })
})
