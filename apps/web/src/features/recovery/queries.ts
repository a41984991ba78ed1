// The Safe's recovery (Delay modifiers, recoverers, windows, queued recoveries) as the gateway reads it from the
// chain's head: GET /v1/chains/{chainId}/safes/{safe}/recovery.
import { queryOptions } from '@tanstack/react-query'
import type { Address, Hex } from 'viem'
import { gatewayScope } from '../../lib/gateway'
import { gatewayFetch } from '../../lib/gatewayFetch'

export type QueuedRecovery = {
  queueNonce: number
  txHash: Hex
  to: Address
  value: string
  data: Hex
  operation: number
  /** Unix seconds (chain time). */
  createdAt: number
  executableAt: number
  expiresAt: number | null
  newOwners: Address[] | null
  newThreshold: number | null
  next: boolean
}

export type DelayRecovery = {
  address: Address
  recoverers: Address[]
  /** Seconds. */
  cooldown: number
  /** Seconds; 0: no expiry. */
  expiration: number
  txNonce: number
  queueNonce: number
  queue: QueuedRecovery[]
}

/** `now` is the head block's timestamp: countdowns run on chain time, not the browser's clock. */
export type SafeRecovery = { now: number; delays: DelayRecovery[] }

/** Milliseconds between reads: a countdown and a recoverer's new proposal show without a reload. */
export const RECOVERY_REFRESH_MS = 5_000

export const recoveryKeys = {
  safe: (chainId: string, safe: Address) => [gatewayScope(), 'recovery', chainId, safe] as const,
}

export const recoveryQueryOptions = (chainId: string, safe: Address) =>
  queryOptions({
    queryKey: recoveryKeys.safe(chainId, safe),
    queryFn: () => gatewayFetch<SafeRecovery>('GET', `/v1/chains/${chainId}/safes/${safe}/recovery`),
    refetchInterval: RECOVERY_REFRESH_MS,
  })
