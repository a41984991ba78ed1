import { gatewayScope } from '../../../lib/gateway'

export const transactionKeys = {
  all: () => [gatewayScope(), 'transactions'] as const,
  history: (chainId: string, address: string) =>
    [...transactionKeys.all(), chainId, address, 'history'] as const,
  queue: (chainId: string, address: string) => [...transactionKeys.all(), chainId, address, 'queue'] as const,
  details: (chainId: string, id: string) => [...transactionKeys.all(), chainId, 'details', id] as const,
  decoded: (chainId: string, to: string, data: string) =>
    [...transactionKeys.all(), chainId, 'decoded', to, data] as const,
}
