import type { Address } from 'viem'
import { gatewayScope } from '../../../lib/gateway'

/** Query keys of recovery (the gateway's /recovery route and the browser's check of it). */
export const recoveryKeys = {
  all: () => [gatewayScope(), 'recovery'] as const,
  safe: (chainId: string, safe: Address) => [...recoveryKeys.all(), chainId, safe] as const,
  check: (chainId: string, safe: Address, items: readonly string[]) =>
    [...recoveryKeys.all(), 'check', chainId, safe, ...items] as const,
}
