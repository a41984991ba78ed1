import {
  getBalances,
  getCollectiblesPage,
  type SafeBalanceResponse,
  type SafeCollectiblesPage,
} from '@safe-global/safe-gateway-typescript-sdk'
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { gatewayCall } from '../../../lib/gateway'
import { assetKeys } from './keys'

/** `GET /v1/chains/{chainId}/safes/{address}/balances/{currency}?exclude_spam=` */
export const balancesQueryOptions = (chainId: string, address: string, currency: string, hideSpam: boolean) =>
  queryOptions({
    queryKey: assetKeys.balances(chainId, address, currency, hideSpam),
    queryFn: (): Promise<SafeBalanceResponse> =>
      gatewayCall(() => getBalances(chainId, address, currency, { exclude_spam: hideSpam })),
  })

/** `GET /v2/chains/{chainId}/safes/{address}/collectibles`, page by page through the `next` links. */
export const collectiblesQueryOptions = (chainId: string, address: string, hideSpam: boolean) =>
  infiniteQueryOptions({
    queryKey: assetKeys.collectibles(chainId, address, hideSpam),
    queryFn: ({ pageParam }): Promise<SafeCollectiblesPage> =>
      gatewayCall(() => getCollectiblesPage(chainId, address, { exclude_spam: hideSpam }, pageParam)),
    initialPageParam: undefined as string | undefined,
    // CGW sends `next: null` on the last page (the SDK types it as optional).
    getNextPageParam: (page) => page.next ?? undefined,
  })
