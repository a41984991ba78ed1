import { describe, expect, it } from 'vitest'
import { explorerAddressUrl, explorerTxUrl, fillExplorerTemplate } from './explorer'

const etherscan = {
  blockExplorerUriTemplate: {
    address: 'https://etherscan.io/address/{{address}}',
    txHash: 'https://etherscan.io/tx/{{txHash}}',
    api: '',
  },
}

describe('fillExplorerTemplate', () => {
  it('default', () => {
    expect(fillExplorerTemplate('https://etherscan.io/tx/{{txHash}}', { txHash: '0xabc' })).toBe(
      'https://etherscan.io/tx/0xabc',
    )
  })
})

describe('explorer links', () => {
  it('default', () => {
    expect(explorerAddressUrl(etherscan, '0x1')).toBe('https://etherscan.io/address/0x1')
    expect(explorerTxUrl(etherscan, '0xabc')).toBe('https://etherscan.io/tx/0xabc')
  })

  it('behavior: no explorer (empty templates)', () => {
    const devnet = { blockExplorerUriTemplate: { address: '', txHash: '', api: '' } }
    expect(explorerAddressUrl(devnet, '0x1')).toBeUndefined()
    expect(explorerTxUrl(devnet, '0xabc')).toBeUndefined()
  })
})
