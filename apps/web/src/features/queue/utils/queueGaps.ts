// The New transaction flow (features/tx-flow) warns about a gap or a duplicate when a nonce is chosen; the queue
// shows what such choices left behind: transactions that cannot execute because an earlier nonce is empty.

const MAX_LISTED = 5

/**
 * The nonces without a queued transaction between the Safe's on-chain nonce and `nonce` (at most a few):
 * every one must be executed before a transaction at `nonce` can be.
 */
export function missingNoncesBefore(p: {
  nonce: number
  currentNonce: number
  queued: readonly number[]
}): number[] {
  const taken = new Set(p.queued)
  const missing: number[] = []
  for (let n = p.currentNonce; n < p.nonce && missing.length < MAX_LISTED; n++)
    if (!taken.has(n)) missing.push(n)
  return missing
}

/** The warning a queued nonce group shows when it is stuck behind a gap, or null. */
export function gapWarning(p: {
  nonce: number
  currentNonce: number
  queued: readonly number[]
}): string | null {
  const missing = missingNoncesBefore(p)
  if (missing.length === 0) return null
  if (missing.length === 1)
    return `Nonce ${missing[0]} has no transaction: this one cannot be executed before a transaction with nonce ${missing[0]} is`
  const more = missing.length === MAX_LISTED && (missing.at(-1) ?? 0) < p.nonce - 1 ? ', …' : ''
  return `Nonces ${missing.join(', ')}${more} have no transactions: this one cannot be executed before they are`
}
