import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { type Chain, defineChain } from 'viem'

/** A viem chain as RainbowKit consumes it (icon fields are RainbowKit's `Chain` extension). */
export type AppChain = Chain & {
  iconUrl?: string | null
  iconBackground?: string
}

/**
 * The explorer's base URL from CGW's template (`https://etherscan.io/address/{{address}}`):
 * everything before the path segment that holds the placeholder.
 */
export function explorerBaseUrl(template: string | undefined): string | undefined {
  if (!template) return undefined
  const index = template.indexOf('{{')
  const prefix = index === -1 ? template : template.slice(0, index)
  try {
    const url = new URL(prefix)
    const segments = url.pathname.split('/').filter(Boolean)
    // Drop the `address/` (or `tx/`) segment that precedes the placeholder.
    if (index !== -1 && prefix.endsWith('/')) segments.pop()
    return `${url.origin}${segments.length ? `/${segments.join('/')}` : ''}`
  } catch {
    return undefined
  }
}

/**
 * The chain's public RPC, if it has one. A gateway that keeps the chain's node private still names a URL there
 * (Safe{Wallet} needs one), marked UNKNOWN: the browser then reads through the connected wallet instead.
 */
const publicRpc = (chain: ChainInfo): string[] =>
  chain.publicRpcUri.value && String(chain.publicRpcUri.authentication) !== 'UNKNOWN'
    ? [chain.publicRpcUri.value]
    : []

/** Maps a gateway chain to a viem chain; the browser talks to the chain's public RPC. */
export function toViemChain(chain: ChainInfo): AppChain {
  const explorerUrl = explorerBaseUrl(chain.blockExplorerUriTemplate?.address)
  return {
    ...defineChain({
      id: Number(chain.chainId),
      name: chain.chainName,
      nativeCurrency: {
        name: chain.nativeCurrency.name,
        symbol: chain.nativeCurrency.symbol,
        decimals: chain.nativeCurrency.decimals,
      },
      rpcUrls: { default: { http: publicRpc(chain) } },
      blockExplorers: explorerUrl
        ? { default: { name: `${chain.chainName} explorer`, url: explorerUrl } }
        : undefined,
      testnet: chain.isTestnet,
    }),
    // RainbowKit falls back to its own icon for well-known chain ids when this is undefined.
    iconUrl: chain.chainLogoUri || undefined,
    iconBackground: chain.theme?.backgroundColor,
  }
}
