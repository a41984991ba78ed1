import { SAFE_VERSION, safeV141 } from '@concord/safe/contracts'
import { type ChainConfig, chainUrls } from '../../config/chainConfig.ts'
import type { Chain } from './chains.schemas.ts'

/**
 * The RPC URL browsers may be given: `publicRpcUrl`, or for a devnet (a local node without keys) its own.
 * Never `rpcUrl` otherwise: it usually carries the operator's API key.
 */
export function publicRpcUrl(config: ChainConfig): string | undefined {
  return config.publicRpcUrl ?? (config.devnet ? config.rpcUrl[0] : undefined)
}

/** The EIP-3770 prefix the chain is listed with (what Safe links name it by). */
export const chainShortName = (config: ChainConfig): string => config.shortName ?? `chain${config.chainId}`

// The configuration spells gas price types as the SDK enum does (ORACLE); CGW passes the Config Service's
// lower-case values through, and Safe{Wallet} compares them case-insensitively.
const lowerType = <T extends 'ORACLE' | 'FIXED' | 'FIXED1559'>(type: T) => type.toLowerCase() as Lowercase<T>

/**
 * Turns an operator's chain configuration into the CGW Chain shape (the same for v1 and v2; only `features`
 * differs). No URL-typed field is ever empty (the Client Gateway's schemas type them as URLs): what the operator
 * did not configure points at this gateway (`publicUrl`): its default logos, its explorer pages, itself as the
 * transaction service.
 */
export function toChain(
  config: ChainConfig,
  {
    publicUrl,
    features,
    allowanceModule = null,
  }: { publicUrl: string; features: string[]; allowanceModule?: string | null },
): Chain {
  const urls = chainUrls(config, publicUrl)
  const publicRpc = publicRpcUrl(config)
  // Without a public RPC the chain publishes none of the operator's: its RPC entries name this gateway's
  // endpoint, which answers every JSON-RPC call with an error saying so (an empty value would make a client
  // fall back to a node on its own machine).
  const rpc = publicRpc
    ? { authentication: 'NO_AUTHENTICATION' as const, value: publicRpc }
    : { authentication: 'UNKNOWN' as const, value: `${publicUrl}/v1/chains/${config.chainId}/rpc` }
  return {
    chainId: String(config.chainId),
    chainName: config.name,
    description: config.description,
    chainLogoUri: urls.chainLogoUri,
    l2: config.l2,
    isTestnet: config.isTestnet,
    zk: false,
    shortName: chainShortName(config),
    nativeCurrency: { ...config.nativeCurrency, logoUri: urls.nativeLogoUri },
    // This gateway is its own transaction service (a chain without one must still name a valid URL).
    transactionService: publicUrl,
    blockExplorerUriTemplate: urls.explorer,
    beaconChainExplorerUriTemplate: { publicKey: null },
    rpcUri: rpc,
    safeAppsRpcUri: rpc,
    publicRpcUri: rpc,
    theme: config.theme,
    ensRegistryAddress: config.ensRegistryAddress,
    gasPrice: config.gasPrice.map((g) => ({ ...g, type: lowerType(g.type) })) as Chain['gasPrice'],
    disabledWallets: [],
    features,
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
      allowanceModuleAddress: config.contracts.allowanceModule ?? allowanceModule,
    },
    recommendedMasterCopyVersion: SAFE_VERSION,
    relayer: null,
  }
}
