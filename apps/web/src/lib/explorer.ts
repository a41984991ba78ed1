import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'

type ExplorerChain = Pick<ChainInfo, 'blockExplorerUriTemplate'>

/** Fills a CGW explorer template (`{{address}}`, `{{txHash}}`). */
export const fillExplorerTemplate = (
  template: string,
  values: { address?: string; txHash?: string },
): string =>
  template.replace(/\{\{(address|txHash)\}\}/g, (match, key: 'address' | 'txHash') => values[key] ?? match)

// A chain without an explorer (the devnet) sends empty templates; then there is no link.
const fill = (template: string | undefined, values: { address?: string; txHash?: string }) =>
  template?.includes('{{') ? fillExplorerTemplate(template, values) : undefined

/** Explorer page of an address, from the chain's `blockExplorerUriTemplate.address`. */
export const explorerAddressUrl = (chain: ExplorerChain, address: string): string | undefined =>
  fill(chain.blockExplorerUriTemplate?.address, { address })

/** Explorer page of an on-chain transaction, from the chain's `blockExplorerUriTemplate.txHash`. */
export const explorerTxUrl = (chain: ExplorerChain, txHash: string): string | undefined =>
  fill(chain.blockExplorerUriTemplate?.txHash, { txHash })
