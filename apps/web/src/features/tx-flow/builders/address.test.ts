import { describe, expect, it } from 'vitest'
import { parseAddress } from './address'

const CHECKSUMMED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('parseAddress', () => {
  it('default: checksummed, lower and upper case are accepted and checksummed', () => {
    expect(parseAddress(CHECKSUMMED)).toEqual({ ok: true, value: CHECKSUMMED })
    expect(parseAddress(` ${CHECKSUMMED.toLowerCase()} `)).toEqual({ ok: true, value: CHECKSUMMED })
    expect(parseAddress(`0x${CHECKSUMMED.slice(2).toUpperCase()}`)).toEqual({ ok: true, value: CHECKSUMMED })
  })

  it('error: a typo in a checksummed address', () => {
    expect(parseAddress('0x70997970c51812dc3A010C7d01b50e0d17dc79C8')).toEqual({
      ok: false,
      error: 'Wrong checksum: check the address for a typo',
    })
  })

  it('error: not an address', () => {
    expect(parseAddress('', 'recipient')).toEqual({ ok: false, error: 'Enter the recipient' })
    expect(parseAddress('0x1234')).toMatchObject({ ok: false })
    expect(parseAddress('vitalik.eth')).toMatchObject({ ok: false })
  })
})
