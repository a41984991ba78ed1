// A Safe's recovery as the gateway answers GET /v1/chains/{chainId}/safes/{safeAddress}/recovery: the shape the
// gateway's recovery module builds and the web app reads.
import type { Address, Hex } from 'viem'

export type QueuedRecovery = {
  queueNonce: number
  txHash: Hex
  to: Address
  value: string
  data: Hex
  operation: number
  /** Unix seconds the recoverer queued it. */
  createdAt: number
  /** Unix seconds from which anyone may execute it. */
  executableAt: number
  /** Unix seconds after which it can no longer run; null: never expires. */
  expiresAt: number | null
  /** Owners and threshold after it runs, when it is only owner changes of this Safe (else null). */
  newOwners: Address[] | null
  newThreshold: number | null
  /** Only the next one (txNonce) can run; those behind wait for it. */
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
export type SafeRecovery = { delays: DelayRecovery[]; now: number }
