import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { describe, expect, it } from 'vitest'
import { explorerBaseUrl, toViemChain } from './toViemChain'

const mainnet = {
  chainId: '1',
  chainName: 'Ethereum',
  shortName: 'eth',
  description: '',
  chainLogoUri: 'https://safe-transaction-assets.safe.global/chains/1/chain_logo.png',
  l2: false,
  isTestnet: false,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: 'https://x/eth.png' },
  transactionService: 'https://safe-transaction-mainnet.safe.global',
  blockExplorerUriTemplate: {
    address: 'https://etherscan.io/address/{{address}}',
    txHash: 'https://etherscan.io/tx/{{txHash}}',
    api: 'https://api.etherscan.io/api?module={{module}}&action={{action}}&address={{address}}&apiKey={{apiKey}}',
  },
  rpcUri: { authentication: 'API_KEY_PATH', value: 'https://mainnet.infura.io/v3/' },
  safeAppsRpcUri: { authentication: 'API_KEY_PATH', value: 'https://mainnet.infura.io/v3/' },
  publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'https://ethereum-rpc.publicnode.com' },
  theme: { textColor: '#001428', backgroundColor: '#DDDDDD' },
  ensRegistryAddress: '0x00000000000C2E074eC69A0dFb2997BA6C7d2e1e',
  gasPrice: [],
  disabledWallets: [],
  features: [],
  balancesProvider: { chainName: null, enabled: false },
  contractAddresses: {},
  recommendedMasterCopyVersion: '1.4.1',
} as unknown as ChainInfo

describe('toViemChain', () => {
  it('default', () => {
    expect(toViemChain(mainnet)).toMatchObject({
      id: 1,
      name: 'Ethereum',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: ['https://ethereum-rpc.publicnode.com'] } },
      blockExplorers: { default: { name: 'Ethereum explorer', url: 'https://etherscan.io' } },
      testnet: false,
      iconUrl: 'https://safe-transaction-assets.safe.global/chains/1/chain_logo.png',
      iconBackground: '#DDDDDD',
    })
  })

  it('behavior: uses publicRpcUri, not rpcUri', () => {
    expect(toViemChain(mainnet).rpcUrls.default.http).toEqual(['https://ethereum-rpc.publicnode.com'])
  })

  it('behavior: a chain whose node the gateway keeps private (UNKNOWN) has no RPC: reads go through the wallet', () => {
    const keyed = {
      ...mainnet,
      publicRpcUri: { authentication: 'UNKNOWN', value: 'https://concord.example/v1/chains/1/rpc' },
    } as unknown as ChainInfo
    expect(toViemChain(keyed).rpcUrls.default.http).toEqual([])
  })

  it('behavior: devnet without explorer or logo', () => {
    const devnet = {
      ...mainnet,
      chainId: '31337',
      chainName: 'Concord Devnet',
      chainLogoUri: null,
      isTestnet: true,
      publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'http://127.0.0.1:8545' },
      blockExplorerUriTemplate: { address: '', txHash: '', api: '' },
    } as unknown as ChainInfo
    const chain = toViemChain(devnet)
    expect(chain.id).toBe(31337)
    expect(chain.testnet).toBe(true)
    expect(chain.blockExplorers).toBeUndefined()
    expect(chain.iconUrl).toBeUndefined()
  })
})

describe('explorerBaseUrl', () => {
  it('default', () => {
    expect(explorerBaseUrl('https://etherscan.io/address/{{address}}')).toBe('https://etherscan.io')
  })

  it('behavior: explorer under a path', () => {
    expect(explorerBaseUrl('https://explorer.example/mainnet/address/{{address}}')).toBe(
      'https://explorer.example/mainnet',
    )
  })

  it('behavior: invalid or empty template', () => {
    expect(explorerBaseUrl('')).toBeUndefined()
    expect(explorerBaseUrl('not a url/{{address}}')).toBeUndefined()
  })
})
