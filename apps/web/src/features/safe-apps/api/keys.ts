import { gatewayScope } from '../../../lib/gateway'

export const safeAppsKeys = {
  all: () => [gatewayScope(), 'safe-apps'] as const,
  list: (chainId: string) => [...safeAppsKeys.all(), chainId, 'list'] as const,
  manifest: (url: string) => [...safeAppsKeys.all(), 'manifest', url] as const,
}
