import { gatewayScope } from '../../../lib/gateway'

export const safeKeys = {
  all: () => [gatewayScope(), 'safes'] as const,
  info: (chainId: string, address: string) => [...safeKeys.all(), chainId, address, 'info'] as const,
  owned: (chainId: string, owner: string) => [...safeKeys.all(), 'owned-by', chainId, owner] as const,
}
