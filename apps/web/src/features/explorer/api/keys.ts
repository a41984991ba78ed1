import { gatewayScope } from '../../../lib/gateway'

export const explorerKeys = {
  all: () => [gatewayScope(), 'explorer'] as const,
  address: (chainId: string, address: string) =>
    [...explorerKeys.all(), chainId, 'address', address] as const,
  tx: (chainId: string, hash: string) => [...explorerKeys.all(), chainId, 'tx', hash] as const,
}
