import { gatewayScope } from '../../../lib/gateway'

export const queueKeys = {
  all: () => [gatewayScope(), 'queue'] as const,
  list: (chainId: string, safe: string) => [...queueKeys.all(), chainId, safe, 'list'] as const,
  details: (chainId: string, id: string, version: string) =>
    [...queueKeys.all(), chainId, 'details', id, version] as const,
}
