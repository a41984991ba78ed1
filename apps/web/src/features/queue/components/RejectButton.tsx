import { useQueueActions } from '../hooks/useQueueActions'
import type { QueueViewProps } from './QueueView'

/** Proposes the on-chain rejection of a nonce (an empty transaction to the Safe itself), signed. */
export function RejectButton({ chain, safe, onChanged, nonce }: QueueViewProps & { nonce: number }) {
  const { reject } = useQueueActions({ chainId: chain.chainId, safe, onChanged })
  return (
    <button
      type="button"
      className="button small-button"
      data-testid="reject-button"
      disabled={reject.isPending}
      title="Propose an empty transaction at this nonce: once executed, nothing else at this nonce can run"
      onClick={() => reject.mutate(nonce)}
    >
      {reject.isPending ? 'Rejecting…' : 'Reject'}
    </button>
  )
}
