import './queue.css'
import type * as SafeTx from '@concord/safe/SafeTx'
import type {
  ChainInfo,
  SafeInfo,
  TransactionDetails,
  TransactionSummary,
} from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { Address } from 'viem'
import { EmptyState } from '../../../components/ui/EmptyState'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { fullQueueQueryOptions } from '../api/queries'
import { groupQueue, queuedNonces } from '../utils/groupQueue'
import { QueueGroupView } from './QueueGroupView'

export type QueueViewProps = {
  chain: ChainInfo
  safe: Address
  /** The gateway's Safe info (owners, threshold, nonce), refreshed by the caller. */
  safeInfo: SafeInfo | undefined
  /** How a transaction is summarised (type, amount, counterparty, link to its page). */
  renderSummary: (tx: TransactionSummary) => ReactNode
  /**
   * The review that signs a confirmation (the New transaction flow's, with the decoded call and simulation);
   * `done` closes it and refreshes the queue. Without it there is no Confirm button.
   */
  renderConfirm?: ((details: TransactionDetails, done: () => void) => ReactNode) | undefined
  /**
   * The review of a verified transaction's call before it is executed (the confirm review's: decoded action,
   * simulation, risks); `onHeldChange(true)` holds Execute while a risk waits for the signer.
   */
  renderCallReview?:
    | ((tx: SafeTx.SafeTx, details: TransactionDetails, onHeldChange: (held: boolean) => void) => ReactNode)
    | undefined
  /** The owners that are Safes themselves (nested Safes): their approvals, and "Sign as <parent>". */
  renderOwnerSafes?: ((details: TransactionDetails) => ReactNode) | undefined
  /** The risks found in the transaction, shown on its row (the review shows them again, with the simulation's). */
  renderRisks?: ((details: TransactionDetails) => ReactNode) | undefined
  /** The transaction with its signatures, to carry on without the gateway (file, link, QR); without it no Export. */
  renderExport?: ((details: TransactionDetails) => ReactNode) | undefined
  /** Where "Replace" leads: a new transaction with this nonce; undefined when there is no such flow. */
  replaceHref?: ((nonce: number) => string) | undefined
  /** Called after an action changed the Safe or its queue. */
  onChanged?: () => void
}

/** Transactions → Queue: pending transactions by nonce, with confirm, execute, reject, replace and delete. */
export function QueueView(props: QueueViewProps) {
  const query = useQuery(fullQueueQueryOptions(props.chain.chainId, props.safe))
  return (
    <QueryBoundary
      query={query}
      errorTitle="Could not load the queue"
      loading={{ lines: 5, label: 'Loading the queue' }}
    >
      {(items) => {
        const groups = groupQueue(items)
        if (groups.length === 0)
          return (
            <EmptyState title="No queued transactions">
              Transactions that need signatures or execution appear here.
            </EmptyState>
          )
        const nonces = queuedNonces(groups)
        return (
          <div className="queue" data-testid="tx-queue">
            {groups.map((group) => (
              <QueueGroupView
                key={group.nonce}
                {...props}
                group={group}
                groups={groups}
                queuedNonces={nonces}
              />
            ))}
          </div>
        )
      }}
    </QueryBoundary>
  )
}
