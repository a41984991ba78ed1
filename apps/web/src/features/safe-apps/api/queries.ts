import { getSafeApps, type SafeAppData } from '@safe-global/safe-gateway-typescript-sdk'
import { queryOptions } from '@tanstack/react-query'
import { gatewayCall } from '../../../lib/gateway'
import { fetchManifest } from '../manifest'
import { safeAppsKeys } from './keys'

/** `GET /v1/chains/{chainId}/safe-apps`: the apps the gateway lists (ours: the bundled ones first). */
export const safeAppsQueryOptions = (chainId: string) =>
  queryOptions({
    queryKey: safeAppsKeys.list(chainId),
    queryFn: (): Promise<SafeAppData[]> => gatewayCall(() => getSafeApps(chainId)),
    staleTime: 60_000,
  })

/** A custom app's manifest.json, read again on each visit (an app that lost it is shown as broken, not hidden). */
export const manifestQueryOptions = (url: string) =>
  queryOptions({
    queryKey: safeAppsKeys.manifest(url),
    queryFn: () => fetchManifest(url),
    retry: false,
    staleTime: 60_000,
  })
