import { describe, expect, it } from 'vitest'
import {
  ADDRESS_ERRORS,
  findChainByPrefix,
  formatSafeParam,
  parseSafeAddress,
  safeHref,
  validateAddress,
} from './safeLink'

const chains = [
  { chainId: '1', shortName: 'eth' },
  { chainId: '31337', shortName: 'dev' },
]
const SAFE = '0xeE3A570203441329791FA2AC2C912EBC9983F886'

describe('validateAddress', () => {
  it('default: any case, checksummed result', () => {
    expect(validateAddress(SAFE.toLowerCase())).toEqual({ ok: true, address: SAFE })
    expect(validateAddress(` ${SAFE} `)).toEqual({ ok: true, address: SAFE })
  })

  it('error: empty, malformed, bad checksum', () => {
    expect(validateAddress('')).toEqual({ ok: false, error: ADDRESS_ERRORS.empty })
    expect(validateAddress('0x1234')).toEqual({ ok: false, error: ADDRESS_ERRORS.invalid })
    expect(validateAddress(`${SAFE}00`)).toEqual({ ok: false, error: ADDRESS_ERRORS.invalid })
    expect(validateAddress(SAFE.replace('eE3A', 'EE3A'))).toEqual({
      ok: false,
      error: ADDRESS_ERRORS.checksum,
    })
  })
})

describe('parseSafeAddress', () => {
  it('default: shortName prefix', () => {
    expect(parseSafeAddress(`dev:${SAFE}`, chains)).toEqual({ ok: true, chain: chains[1], address: SAFE })
  })

  it('behavior: chain id prefix and bare address with a default chain', () => {
    expect(parseSafeAddress(`31337:${SAFE}`, chains)).toMatchObject({ ok: true, chain: chains[1] })
    expect(parseSafeAddress(SAFE, chains, chains[0])).toMatchObject({ ok: true, chain: chains[0] })
  })

  it('error: unknown prefix, no chain, bad address', () => {
    expect(parseSafeAddress(`gor:${SAFE}`, chains)).toEqual({
      ok: false,
      error: 'Unknown chain prefix "gor"',
    })
    expect(parseSafeAddress(SAFE, chains)).toMatchObject({ ok: false })
    expect(parseSafeAddress('dev:0xnope', chains)).toEqual({ ok: false, error: ADDRESS_ERRORS.invalid })
  })
})

describe('findChainByPrefix', () => {
  it('default', () => {
    expect(findChainByPrefix(chains, 'DEV')).toBe(chains[1])
    expect(findChainByPrefix(chains, 'x')).toBeUndefined()
  })
})

describe('safeHref', () => {
  it('default', () => {
    expect(safeHref('/assets', formatSafeParam(chains[1]!, SAFE))).toBe(`/assets?safe=dev:${SAFE}`)
  })

  it('args: extra parameters are encoded', () => {
    expect(safeHref('/transactions/tx', `dev:${SAFE}`, { id: 'multisig_0x1_0x2' })).toBe(
      `/transactions/tx?safe=dev:${SAFE}&id=multisig_0x1_0x2`,
    )
  })
})
