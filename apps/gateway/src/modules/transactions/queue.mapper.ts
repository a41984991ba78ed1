// Queued transactions (proposals) as Client Gateway list items (GET …/safes/{safeAddress}/transactions/queued):
// their summary, and the page with `Next` / `Queued` labels and conflict headers for several transactions at one
// nonce.

import type { Confirmation, Proposal } from './proposals.repository.ts'
import { transactionId } from './transactionIds.ts'
import { addressInfo, callInfo, type MapContext } from './txInfo.mapper.ts'
import { refundsConsistent } from './txSummary.mapper.ts'

/** The Safe as the queue sees it (from the index). */
export type QueueSafe = { nonce: number; threshold: number; owners: string[] }

export function proposalStatus(p: Proposal, confirmations: number, safe: QueueSafe) {
  if (p.nonce < safe.nonce) return 'CANCELLED' as const
  return confirmations >= safe.threshold
    ? ('AWAITING_EXECUTION' as const)
    : ('AWAITING_CONFIRMATIONS' as const)
}

export function proposalSummary(p: Proposal, confs: Confirmation[], ctx: MapContext, safe: QueueSafe) {
  const txStatus = proposalStatus(p, confs.length, safe)
  const confirmed = new Set(confs.map((c) => c.owner))
  return {
    id: transactionId.multisig(p.safe, p.safeTxHash),
    timestamp: p.submittedAt,
    txStatus,
    txInfo: callInfo(p, ctx, { refundsConsistent: refundsConsistent(p) }),
    executionInfo: {
      type: 'MULTISIG' as const,
      nonce: p.nonce,
      confirmationsRequired: safe.threshold,
      confirmationsSubmitted: confs.length,
      missingSigners:
        txStatus === 'AWAITING_CONFIRMATIONS'
          ? safe.owners.filter((o) => !confirmed.has(o)).map((o) => addressInfo(o))
          : null,
    },
    safeAppInfo: null,
    txHash: null,
    note: null,
  }
}

type Summary = ReturnType<typeof proposalSummary>
export type QueueItem =
  | { type: 'LABEL'; label: 'Next' | 'Queued' }
  | { type: 'CONFLICT_HEADER'; nonce: number }
  | { type: 'TRANSACTION'; transaction: Summary; conflictType: 'None' | 'HasNext' | 'End' }

/**
 * One page of the queue. `before` is the transaction just before the page (its nonce tells whether the first
 * group continues a conflict), `after` the one just after it (whether the last group goes on).
 */
export function queueItems(
  page: { nonce: number; summary: Summary }[],
  edges: { beforeNonce?: number; afterNonce?: number },
  safeNonce: number,
): QueueItem[] {
  const items: QueueItem[] = []
  let nextDone = false
  let queuedDone = false
  for (let i = 0; i < page.length; ) {
    const nonce = page[i]?.nonce as number
    let end = i
    while (end < page.length && page[end]?.nonce === nonce) end++
    const group = page.slice(i, end)
    const continued = edges.beforeNonce === nonce
    const goesOn = end === page.length && edges.afterNonce === nonce
    if (!continued) {
      if (nonce === safeNonce && !nextDone) items.push({ type: 'LABEL', label: 'Next' })
      if (nonce > safeNonce && !queuedDone) items.push({ type: 'LABEL', label: 'Queued' })
    }
    nextDone = true
    if (nonce > safeNonce) queuedDone = true
    const conflict = group.length > 1 || continued || goesOn
    if (conflict && !continued) items.push({ type: 'CONFLICT_HEADER', nonce })
    for (const [j, tx] of group.entries())
      items.push({
        type: 'TRANSACTION',
        transaction: tx.summary,
        conflictType: !conflict ? 'None' : j === group.length - 1 && !goesOn ? 'End' : 'HasNext',
      })
    i = end
  }
  return items
}
