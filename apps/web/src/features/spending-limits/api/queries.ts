import { queryOptions } from '@tanstack/react-query'
import type { Address } from 'viem'
import type { Config } from 'wagmi'
import { readSpendingLimits } from '../readSpendingLimits'
import { spendingLimitKeys } from './keys'

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
