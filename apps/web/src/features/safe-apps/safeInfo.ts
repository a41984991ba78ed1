// What the Safe Apps SDK's getSafeInfo and getChainInfo requests answer, from the gateway's SafeInfo and
// ChainInfo.
import type { SafeInfoExtended, ChainInfo as SdkChainInfo } from '@safe-global/safe-apps-sdk'
import type { ChainInfo, SafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { getAddress } from 'viem'

/** getSafeInfo: chainId a number, owners as addresses, plus Safe{Wallet}'s legacy `network`. */
export function toAppSafeInfo(
  info: SafeInfo,
  chain: ChainInfo,
  isReadOnly: boolean,
): SafeInfoExtended & { network: string } {
  return {
    safeAddress: getAddress(info.address.value),
    chainId: Number.parseInt(info.chainId, 10),
    threshold: info.threshold,
    owners: info.owners.map((o) => o.value),
    isReadOnly,
    nonce: info.nonce,
    implementation: info.implementation.value,
    modules: info.modules ? info.modules.map((m) => m.value) : null,
    fallbackHandler: info.fallbackHandler?.value ?? null,
    guard: info.guard?.value ?? null,
    version: info.version,
    network:
      chain.chainId === '1' ? 'MAINNET' : chain.chainId === '100' ? 'XDAI' : chain.chainName.toUpperCase(),
  }
}

/** getChainInfo: chainId a decimal string. */
export function toAppChainInfo(chain: ChainInfo): SdkChainInfo {
  return {
    chainName: chain.chainName,
    chainId: chain.chainId,
    shortName: chain.shortName,
    nativeCurrency: {
      name: chain.nativeCurrency.name,
      symbol: chain.nativeCurrency.symbol,
      decimals: chain.nativeCurrency.decimals,
      logoUri: chain.nativeCurrency.logoUri,
    },
    blockExplorerUriTemplate: {
      address: chain.blockExplorerUriTemplate.address,
      txHash: chain.blockExplorerUriTemplate.txHash,
      api: chain.blockExplorerUriTemplate.api,
    },
  }
}
