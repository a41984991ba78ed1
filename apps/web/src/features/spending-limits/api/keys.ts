import { gatewayScope } from '../../../lib/gateway'

export const spendingLimitKeys = {
  list: (chainId: string, safe: string) => [gatewayScope(), 'spending-limits', chainId, safe] as const,
}
