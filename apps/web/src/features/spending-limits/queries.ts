import { queryOptions } from '@tanstack/react-query'
import type { Address } from 'viem'
import type { Config } from 'wagmi'
import { gatewayScope } from '../../lib/gateway'
import { readSpendingLimits } from './readSpendingLimits'

export const spendingLimitKeys = {
  list: (chainId: string, safe: string) => [gatewayScope(), 'spending-limits', chainId, safe] as const,
}

export const spendingLimitsQueryOptions = (
  config: Config,
  p: { chainId: string; module: Address; safe: Address; native: { symbol: string; decimals: number } },
) =>
  queryOptions({
    queryKey: spendingLimitKeys.list(p.chainId, p.safe),
    queryFn: () => readSpendingLimits(config, { ...p, chainId: Number(p.chainId) }),
    // Read from the chain, which the live stream does not cover: refresh now and then while shown.
    refetchInterval: 15_000,
  })
