import type { TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useQueueActions } from '../hooks/useQueueActions'
import type { DeletePolicy } from '../utils/deletePolicy'
import type { QueueItemProps } from './QueueItem'

/** Delete, for the proposer when the gateway would allow it; otherwise disabled, saying why. */
export function DeleteButton({
  chain,
  safe,
  onChanged,
  details,
  policy,
}: QueueItemProps & { details: TransactionDetails; policy: DeletePolicy }) {
  const { remove } = useQueueActions({ chainId: chain.chainId, safe, onChanged })
  return (
    <>
      <button
        type="button"
        className="button small-button danger"
        data-testid="delete-button"
        disabled={!policy.allowed || remove.isPending}
        title={policy.allowed ? 'Delete this proposal (signed by you, its proposer)' : policy.reason}
        onClick={() => remove.mutate(details)}
      >
        {remove.isPending ? 'Deleting…' : 'Delete'}
      </button>
      {/* Everyone but the proposer sees the reason in the tooltip; the proposer sees why it is blocked. */}
      {!policy.allowed && policy.code !== 'not-proposer' ? (
        <span className="muted small" data-testid="delete-blocked-reason">
          {policy.reason}
        </span>
      ) : null}
    </>
  )
}
