import { type ChainInfo, getChainsConfig } from '@safe-global/safe-gateway-typescript-sdk'
import { queryOptions } from '@tanstack/react-query'
import { configureGateway, gatewayCall } from '../../../lib/gateway'
import { getCursor, parseChainPage } from '../parseChainPage'
import { chainKeys } from './keys'

// NEST pages /v1/chains by `cursor` (the SDK's query type predates it); follow `next` with a bound.
const MAX_PAGES = 20

type ChainsQuery = Parameters<typeof getChainsConfig>[0] & { cursor?: string }

/** All chains the gateway serves, in the gateway's order. */
export async function getChains(gatewayUrl: string): Promise<ChainInfo[]> {
  configureGateway(gatewayUrl)
  const chains: ChainInfo[] = []
  let cursor: string | null = null
  for (let page = 0; page < MAX_PAGES; page++) {
    const query: ChainsQuery | undefined = cursor ? { cursor } : undefined
    const body = await gatewayCall(() => getChainsConfig(query))
    const { results, next } = parseChainPage(body)
    chains.push(...results)
    cursor = getCursor(next)
    if (!cursor) break
  }
  const seen = new Set<string>()
  return chains.filter((chain) => !seen.has(chain.chainId) && seen.add(chain.chainId))
}

export const chainsQueryOptions = (gatewayUrl: string) =>
  queryOptions({
    queryKey: chainKeys.list(gatewayUrl),
    queryFn: () => getChains(gatewayUrl),
  })
