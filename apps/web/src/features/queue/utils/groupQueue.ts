import type {
  MultisigExecutionInfo,
  TransactionListItem,
  TransactionSummary,
} from '@safe-global/safe-gateway-typescript-sdk'

/** Queued transactions that share a nonce: only one of them can ever be executed. */
export type QueueGroup = {
  nonce: number
  /** 'Next': its nonce is the Safe's current one; 'Queued': it waits for the ones before it. */
  label: 'Next' | 'Queued'
  /** Several transactions at this nonce (the gateway sent a CONFLICT_HEADER). */
  conflict: boolean
  transactions: TransactionSummary[]
}

export const multisigInfo = (tx: TransactionSummary): MultisigExecutionInfo | undefined =>
  tx.executionInfo?.type === 'MULTISIG' ? tx.executionInfo : undefined

/**
 * Groups the gateway's queue items (LABEL, CONFLICT_HEADER, TRANSACTION, in nonce order) by nonce. The
 * labels are taken as the gateway sends them; a transaction without a nonce (not a multisig one) is skipped.
 */
export function groupQueue(items: readonly TransactionListItem[]): QueueGroup[] {
  const groups: QueueGroup[] = []
  let label: QueueGroup['label'] = 'Next'
  let conflictNonce: number | undefined
  for (const item of items) {
    if (item.type === 'LABEL') label = item.label === 'Next' ? 'Next' : 'Queued'
    else if (item.type === 'CONFLICT_HEADER') conflictNonce = item.nonce
    else if (item.type === 'TRANSACTION') {
      const nonce = multisigInfo(item.transaction)?.nonce
      if (nonce === undefined) continue
      const last = groups.at(-1)
      if (last?.nonce === nonce) {
        last.transactions.push(item.transaction)
        last.conflict = true
      } else
        groups.push({ nonce, label, conflict: conflictNonce === nonce, transactions: [item.transaction] })
    }
  }
  return groups
}

/** The nonces that have at least one queued transaction, ascending. */
export const queuedNonces = (groups: readonly QueueGroup[]): number[] =>
  [...new Set(groups.map((group) => group.nonce))].sort((a, b) => a - b)
