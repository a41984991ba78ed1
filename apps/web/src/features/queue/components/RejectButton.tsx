import * as SafeTx from '@concord/safe/SafeTx'
import { safeTxHashes } from '@concord/safe/verifySafeTx'
import { useState } from 'react'
import { DeviceHashes } from '../../../components/ui/DeviceHashes'
import { useQueueActions } from '../hooks/useQueueActions'
import type { QueueViewProps } from './QueueView'

/**
 * Proposes the on-chain rejection of a nonce (an empty transaction to the Safe itself), signed. The first click
 * shows what will be signed and what the wallet will display (its hashes); the second signs.
 */
export function RejectButton({ chain, safe, onChanged, nonce }: QueueViewProps & { nonce: number }) {
  const { reject } = useQueueActions({ chainId: chain.chainId, safe, onChanged })
  const [reviewing, setReviewing] = useState(false)
  if (!reviewing)
    return (
      <button
        type="button"
        className="button small-button"
        data-testid="reject-button"
        title="Propose an empty transaction at this nonce: once executed, nothing else at this nonce can run"
        onClick={() => setReviewing(true)}
      >
        Reject
      </button>
    )
  // The same transaction proposeRejection builds: nothing sent from the Safe to itself, at this nonce.
  const hashes = safeTxHashes(SafeTx.from({ to: safe, nonce: BigInt(nonce) }), {
    chainId: Number(chain.chainId),
    address: safe,
  })
  return (
    <div className="review-panel" data-testid="rejection-review">
      <p className="small">
        <strong>Reject nonce {nonce}:</strong> an empty transaction from the Safe to itself. Once executed, no
        other transaction at this nonce can run. Your wallet will show these hashes:
      </p>
      <DeviceHashes
        domainHash={hashes.domainHash}
        messageHash={hashes.messageHash}
        extra={[{ label: 'safeTxHash', value: hashes.safeTxHash, testId: 'rejection-safe-tx-hash' }]}
        testIdPrefix="rejection"
      />
      <p>
        <button
          type="button"
          className="button small-button primary"
          data-testid="sign-rejection"
          disabled={reject.isPending}
          onClick={() => reject.mutate(nonce)}
        >
          {reject.isPending ? 'Waiting for the wallet…' : 'Sign the rejection'}
        </button>{' '}
        <button type="button" className="button small-button" onClick={() => setReviewing(false)}>
          Cancel
        </button>
      </p>
    </div>
  )
}
