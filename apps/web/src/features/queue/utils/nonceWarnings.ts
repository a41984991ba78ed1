/** What is wrong or worth knowing about a chosen Safe nonce. */
export type NonceWarning =
  | { kind: 'invalid' | 'used'; message: string }
  | { kind: 'duplicate'; message: string }
  | { kind: 'gap'; message: string; missing: number[] }

export type NonceCheckParameters = {
  nonce: number
  /** The Safe's on-chain nonce: the next transaction to execute. */
  currentNonce: number
  /** Nonces that already have queued transactions. */
  queued: readonly number[]
}

const MAX_LISTED = 5

function describeMissing(missing: readonly number[], nonce: number): string {
  const [first] = missing
  if (missing.length === 1) return `Nonce ${first} has no transaction`
  const more = missing.length === MAX_LISTED && (missing.at(-1) ?? 0) < nonce - 1 ? ', …' : ''
  return `Nonces ${missing.join(', ')}${more} have no transactions`
}

/** The first nonce after the on-chain nonce and every queued one (what the gateway recommends). */
export const nextFreeNonce = ({ currentNonce, queued }: Omit<NonceCheckParameters, 'nonce'>): number =>
  Math.max(currentNonce, ...queued.map((nonce) => nonce + 1))

/**
 * Warnings for a nonce: already executed (an error: the Safe will refuse it), a duplicate of a queued
 * transaction (only one of them can be executed: it replaces or races the other), or a gap (nonces with no
 * transaction before it, which must all be executed first, so it is stuck until they are).
 */
export function nonceWarnings({ nonce, currentNonce, queued }: NonceCheckParameters): NonceWarning[] {
  if (!Number.isSafeInteger(nonce) || nonce < 0) return [{ kind: 'invalid', message: 'Not a valid nonce' }]
  if (nonce < currentNonce)
    return [
      {
        kind: 'used',
        message: `Nonce ${nonce} was already used: the Safe is at nonce ${currentNonce}, so it can never execute`,
      },
    ]
  const warnings: NonceWarning[] = []
  const same = queued.filter((queuedNonce) => queuedNonce === nonce).length
  if (same > 0)
    warnings.push({
      kind: 'duplicate',
      message: `A queued transaction already has nonce ${nonce}: only one of them can be executed, the other is then dropped`,
    })
  const taken = new Set(queued)
  const missing: number[] = []
  // Bounded: a nonce far ahead is a typo, and listing a few missing nonces says enough.
  for (let n = currentNonce; n < nonce && missing.length < MAX_LISTED; n++) if (!taken.has(n)) missing.push(n)
  if (missing.length > 0)
    warnings.push({
      kind: 'gap',
      missing,
      message: `${describeMissing(missing, nonce)}: this transaction cannot be executed before ${
        missing.length === 1 ? 'one is' : 'they are'
      }`,
    })
  return warnings
}
