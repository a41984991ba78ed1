import { describe, expect, it } from 'vitest'
import { getCursor, parseChainPage } from './parseChainPage'

const chain = (chainId: string) => ({
  chainId,
  chainName: `Chain ${chainId}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
  publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:8545' },
})

describe('parseChainPage', () => {
  it('default', () => {
    const page = parseChainPage({ count: 1, next: null, previous: null, results: [chain('1')] })
    expect(page.results.map((c) => c.chainId)).toEqual(['1'])
    expect(page.next).toBeUndefined()
  })

  it('behavior: drops chains missing required fields', () => {
    const page = parseChainPage({ results: [chain('1'), { chainId: '2' }, { ...chain('x') }] })
    expect(page.results.map((c) => c.chainId)).toEqual(['1'])
  })

  it('error: not a page', () => {
    expect(() => parseChainPage({})).toThrow('Invalid response content')
    expect(() => parseChainPage(null)).toThrow('Invalid response content')
  })
})

describe('getCursor', () => {
  it('default', () => {
    expect(getCursor('https://gw.example/v1/chains?cursor=limit%3D20%26offset%3D20')).toBe(
      'limit=20&offset=20',
    )
  })

  it('behavior: no next page', () => {
    expect(getCursor(null)).toBeNull()
    expect(getCursor('https://gw.example/v1/chains')).toBeNull()
  })
})
