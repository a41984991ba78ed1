import type { TransactionListItem } from '@safe-global/safe-gateway-typescript-sdk'

export type NonceCheck = {
  /** Set when the nonce cannot be used at all (already executed, not a number). */
  error: string | null
  /** Risks the user may accept: a gap before this nonce, or another queued transaction at it. */
  warnings: string[]
}

/**
 * Checks a chosen nonce against the Safe's on-chain nonce, the next free one (recommended) and the nonces the
 * queue already uses. A gap blocks execution until the missing nonces are used; a duplicate means only one of
 * the transactions at that nonce can ever execute.
 */
export function checkNonce(p: {
  nonce: string
  currentNonce: number
  recommendedNonce: number
  queuedNonces: readonly number[]
}): NonceCheck {
  const text = p.nonce.trim()
  if (!/^\d+$/.test(text)) return { error: 'The nonce is a whole number', warnings: [] }
  const nonce = Number(text)
  if (!Number.isSafeInteger(nonce)) return { error: 'This nonce is too large', warnings: [] }
  if (nonce < p.currentNonce)
    return {
      error: `Nonce ${nonce} was already used: the Safe's next nonce is ${p.currentNonce}`,
      warnings: [],
    }
  const warnings: string[] = []
  const queued = new Set(p.queuedNonces)
  if (queued.has(nonce))
    warnings.push(
      `Another queued transaction already uses nonce ${nonce}: only one of them can be executed (this replaces it if it runs first)`,
    )
  if (nonce > p.recommendedNonce) {
    const missing: number[] = []
    for (let n = p.currentNonce; n < nonce && missing.length <= 20; n++) if (!queued.has(n)) missing.push(n)
    if (missing.length > 0)
      warnings.push(
        `Nonce gap: no transaction uses ${formatNonces(missing)} yet, so this one cannot be executed until they are`,
      )
  }
  return { error: null, warnings }
}

const formatNonces = (nonces: number[]): string =>
  nonces.length === 1
    ? `nonce ${nonces[0]}`
    : nonces.length > 20
      ? `nonces ${nonces[0]}–${nonces[19]} and more`
      : `nonces ${nonces.join(', ')}`

/** The nonces of the multisig transactions in queue pages (conflicting ones appear once). */
export function queuedNoncesOf(items: readonly TransactionListItem[]): number[] {
  const nonces = new Set<number>()
  for (const item of items) {
    if (item.type !== 'TRANSACTION') continue
    const info = item.transaction.executionInfo
    if (info?.type === 'MULTISIG') nonces.add(info.nonce)
  }
  return [...nonces].sort((a, b) => a - b)
}
