// The Safe's recovery (Delay modifiers, recoverers, windows, queued recoveries) as the gateway reads it from the
// chain's head.
import { queryOptions } from '@tanstack/react-query'
import type { Address } from 'viem'
import { recoveryKeys } from './keys'
import { fetchRecovery } from './requests'

export type { DelayRecovery, QueuedRecovery, SafeRecovery } from './types'

/** Milliseconds between reads: a countdown and a recoverer's new proposal show without a reload. */
export const RECOVERY_REFRESH_MS = 5_000

export const recoveryQueryOptions = (chainId: string, safe: Address) =>
  queryOptions({
    queryKey: recoveryKeys.safe(chainId, safe),
    queryFn: () => fetchRecovery(chainId, safe),
    refetchInterval: RECOVERY_REFRESH_MS,
  })
