import { describe, expect, it } from 'vitest'
import { type ChainNames, chainName } from './chainNames'

const SAFE = '0x00000000000000000000000000000000000A11cE'
const names: ChainNames = new Map([
  ['1', new Map()],
  ['31337', new Map([[SAFE.toLowerCase(), 'Treasury (demo)']])],
])

describe('chainName', () => {
  it("default: the chain's name for an address, whatever its case", () => {
    expect(chainName(names, SAFE, '31337')).toBe('Treasury (demo)')
    expect(chainName(names, SAFE.toUpperCase().replace('0X', '0x'), '31337')).toBe('Treasury (demo)')
  })

  it('edge: another chain does not lend its name; without a chain any chain does', () => {
    expect(chainName(names, SAFE, '1')).toBeUndefined()
    expect(chainName(names, SAFE, '5')).toBeUndefined()
    expect(chainName(names, SAFE, undefined)).toBe('Treasury (demo)')
    expect(chainName(names, '0x0000000000000000000000000000000000000B0b', undefined)).toBeUndefined()
  })
})
