// The gateway's answer to GET /v1/chains/{chainId}/safes/{safe}/recovery (apps/gateway's recovery module).
import type { Address, Hex } from 'viem'

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
