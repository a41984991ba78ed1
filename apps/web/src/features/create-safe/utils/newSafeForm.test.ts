import { describe, expect, it } from 'vitest'
import { checkSafeName, validateNewSafe } from './newSafeForm'

const a0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const a1 = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'

describe('validateNewSafe', () => {
  it('default: name trimmed, owners checksummed, threshold and salt parsed', () => {
    expect(
      validateNewSafe({ name: '  Ops vault ', owners: [a0, ` ${a1} `], threshold: '2', saltNonce: '42' }),
    ).toEqual({
      ok: true,
      value: {
        name: 'Ops vault',
        owners: [a0, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
        threshold: 2,
        saltNonce: 42n,
      },
    })
  })

  it('default: an empty or blank name is no name', () => {
    const blank = validateNewSafe({ name: '   ', owners: [a0], threshold: '1', saltNonce: '1' })
    expect(blank.ok ? blank.value.name : 'invalid').toBeUndefined()
  })

  it('error: each bad field has its message', () => {
    expect(
      validateNewSafe({
        name: 'x'.repeat(51),
        owners: [a0, 'nope', a0.toLowerCase(), ''],
        threshold: '5',
        saltNonce: '-1',
      }),
    ).toEqual({
      ok: false,
      errors: {
        name: 'Name too long (at most 50 characters)',
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
    const zero = validateNewSafe({ name: '', owners: [a0], threshold: '0', saltNonce: `${2n ** 256n}` })
    expect(zero.ok ? null : [zero.errors.name, zero.errors.threshold, zero.errors.saltNonce]).toEqual([
      null,
      'At least one confirmation',
      'A whole number (uint256)',
    ])
    const sentinel = validateNewSafe({
      name: '',
      owners: ['0x0000000000000000000000000000000000000001'],
      threshold: '1',
      saltNonce: '0',
    })
    expect(sentinel.ok ? null : sentinel.errors.owners).toEqual(['This address cannot be an owner'])
  })
})

describe('checkSafeName', () => {
  it('behavior: optional, trimmed, at most 50 characters (counted as characters, not UTF-16 units)', () => {
    expect(checkSafeName('')).toEqual({ name: undefined })
    expect(checkSafeName(' Treasury ')).toEqual({ name: 'Treasury' })
    expect(checkSafeName('🦊'.repeat(50))).toEqual({ name: '🦊'.repeat(50) })
    expect(checkSafeName('🦊'.repeat(51))).toEqual({ error: 'Name too long (at most 50 characters)' })
    expect(checkSafeName('a\tb')).toEqual({ error: 'The name contains control characters' })
  })
})
