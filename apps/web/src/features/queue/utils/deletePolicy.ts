import type { Address } from 'viem'
import type { QueueGroup } from './groupQueue'

export type DeletePolicy =
  | { allowed: true }
  | { allowed: false; code: 'unknown-proposer' | 'not-proposer' | 'gap'; reason: string }

/**
 * Whether the connected account may delete a queued proposal, mirroring the gateway's rule: only its
 * proposer, and only when removing it leaves no nonce gap (the last queued nonce, or one of several
 * transactions at a nonce).
 */
export function deletePolicy(p: {
  account: Address | undefined
  proposer: Address | undefined
  nonce: number
  groups: readonly QueueGroup[]
}): DeletePolicy {
  if (!p.proposer)
    return {
      allowed: false,
      code: 'unknown-proposer',
      reason: 'The gateway does not know who proposed this transaction',
    }
  if (!p.account || p.account.toLowerCase() !== p.proposer.toLowerCase())
    return { allowed: false, code: 'not-proposer', reason: 'Only its proposer can delete a transaction' }
  const group = p.groups.find((g) => g.nonce === p.nonce)
  const lastNonce = Math.max(...p.groups.map((g) => g.nonce))
  if ((group?.transactions.length ?? 0) > 1 || p.nonce === lastNonce) return { allowed: true }
  return {
    allowed: false,
    code: 'gap',
    reason: `Deleting it would leave nonce ${p.nonce} empty while later nonces wait: reject or replace it instead`,
  }
}
