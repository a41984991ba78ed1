import { SAFE_VERSION, safeV141 } from '@concord/safe/contracts'
import type { ChainConfig } from '../../config/chainConfig.ts'
import type { Chain } from './chains.schemas.ts'

/** Turns an operator's chain configuration into the CGW Chain shape. */
export function toChain(config: ChainConfig): Chain {
  const rpc = (value: string) => ({ authentication: 'NO_AUTHENTICATION' as const, value })
  const publicRpc = config.publicRpcUrl ?? config.rpcUrl[0] ?? ''
  return {
    chainId: String(config.chainId),
    chainName: config.name,
    description: config.description,
    chainLogoUri: config.logoUri,
    l2: config.l2,
    isTestnet: config.isTestnet,
    zk: false,
    shortName: config.shortName ?? `chain${config.chainId}`,
    nativeCurrency: config.nativeCurrency,
    // This gateway is its own transaction service; clients never call one directly.
    transactionService: '',
    blockExplorerUriTemplate: config.explorer,
    beaconChainExplorerUriTemplate: { publicKey: null },
    rpcUri: rpc(publicRpc),
    safeAppsRpcUri: rpc(publicRpc),
    publicRpcUri: rpc(publicRpc),
    theme: config.theme,
    ensRegistryAddress: config.ensRegistryAddress,
    gasPrice: config.gasPrice,
    disabledWallets: [],
    features: config.features,
    balancesProvider: { chainName: null, enabled: false },
    contractAddresses: {
      safeSingletonAddress: config.l2 ? safeV141.safeL2 : safeV141.safe,
      safeProxyFactoryAddress: safeV141.safeProxyFactory,
      multiSendAddress: safeV141.multiSend,
      multiSendCallOnlyAddress: safeV141.multiSendCallOnly,
      fallbackHandlerAddress: safeV141.compatibilityFallbackHandler,
      signMessageLibAddress: safeV141.signMessageLib,
      createCallAddress: safeV141.createCall,
      simulateTxAccessorAddress: safeV141.simulateTxAccessor,
      safeWebAuthnSignerFactoryAddress: null,
    },
    recommendedMasterCopyVersion: SAFE_VERSION,
    relayer: null,
  }
}
