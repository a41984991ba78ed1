import { SAFE_VERSION, safeV141 } from '@concord/safe/contracts'
import type { ChainConfig } from '../../config/chainConfig.ts'
import type { Chain } from './chains.schemas.ts'

/**
 * The RPC URL browsers may be given: `publicRpcUrl`, or for a devnet (a local node without keys) its own.
 * Never `rpcUrl` otherwise: it usually carries the operator's API key.
 */
export function publicRpcUrl(config: ChainConfig): string | undefined {
  return config.publicRpcUrl ?? (config.devnet ? config.rpcUrl[0] : undefined)
}

/** Turns an operator's chain configuration into the CGW Chain shape. */
export function toChain(config: ChainConfig): Chain {
  const publicRpc = publicRpcUrl(config)
  // Without a public RPC, the chain publishes none: the value CGW's Config Service itself defaults
  // safeAppsRpcUri to (an empty string), and UNKNOWN says there is nothing to authenticate against.
  const rpc = publicRpc
    ? { authentication: 'NO_AUTHENTICATION' as const, value: publicRpc }
    : { authentication: 'UNKNOWN' as const, value: '' }
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
    rpcUri: rpc,
    safeAppsRpcUri: rpc,
    publicRpcUri: rpc,
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
