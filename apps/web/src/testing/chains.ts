import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'

/** Ethereum as the gateway's /v1/chains describes it (the fields components read). */
export const testChain = {
  chainId: '1',
  chainName: 'Ethereum',
  shortName: 'eth',
  description: '',
  l2: false,
  isTestnet: false,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' },
  blockExplorerUriTemplate: {
    address: 'https://etherscan.io/address/{{address}}',
    txHash: 'https://etherscan.io/tx/{{txHash}}',
    api: '',
  },
  rpcUri: { authentication: 'NO_AUTHENTICATION', value: 'https://rpc.test' },
  safeAppsRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'https://rpc.test' },
  publicRpcUri: { authentication: 'NO_AUTHENTICATION', value: 'https://rpc.test' },
  theme: { textColor: '#001428', backgroundColor: '#DDDDDD' },
  gasPrice: [],
  disabledWallets: [],
  features: [],
  contractAddresses: {},
  recommendedMasterCopyVersion: '1.4.1',
} as unknown as ChainInfo
