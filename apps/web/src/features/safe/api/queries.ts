import { getOwnedSafes, getSafeInfo, type SafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { queryOptions } from '@tanstack/react-query'
import { gatewayCall } from '../../../lib/gateway'
import { safeKeys } from './keys'

/** `GET /v1/chains/{chainId}/safes/{address}` */
export const fetchSafeInfo = (chainId: string, address: string): Promise<SafeInfo> =>
  gatewayCall(() => getSafeInfo(chainId, address))

/**
 * How often the open Safe's info (nonce, owners, threshold) refreshes. TanStack Query pauses interval refetches
 * while the tab is hidden and refetches when it shows again.
 */
export const SAFE_INFO_REFRESH_MS = 4000

export const safeInfoQueryOptions = (chainId: string, address: string) =>
  queryOptions({
    queryKey: safeKeys.info(chainId, address),
    queryFn: () => fetchSafeInfo(chainId, address),
  })

/** `GET /v1/chains/{chainId}/owners/{owner}/safes`: the Safes the address is an owner of. */
export const ownedSafesQueryOptions = (chainId: string, owner: string) =>
  queryOptions({
    queryKey: safeKeys.owned(chainId, owner),
    queryFn: async () => (await gatewayCall(() => getOwnedSafes(chainId, owner))).safes,
  })
