import type { TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { Check } from 'lucide-react'
import { useState } from 'react'
import { formatGwei, type Hex } from 'viem'
import { AddressView } from '../../../components/ui/AddressView'
import { DeviceHashes } from '../../../components/ui/DeviceHashes'
import { HashView } from '../../../components/ui/HashView'
import { explorerAddressUrl } from '../../../lib/explorer'
import { formatTokenAmount } from '../../../lib/format'
import { VerificationError } from '../actions/verifyQueued'
import { useExecutionFee } from '../hooks/useExecutionFee'
import { useQueueActions } from '../hooks/useQueueActions'
import { useVerifiedQueuedTx } from '../hooks/useVerifiedQueuedTx'
import { buildExecuteSignatures } from '../utils/executeSignatures'
import type { QueueItemProps } from './QueueItem'

export type ExecutePanelProps = QueueItemProps & {
  details: TransactionDetails
  onClose: () => void
}

/**
 * What the owner checks before executing: the result of the independent verification (hash recomputed,
 * confirmations recovered against the on-chain owners), the same review of the call as before a confirmation
 * (decoded action, simulation, risks), the signatures that will be sent, the network fee and the hashes.
 * A failed verification is shown loudly and offers no way to go on.
 */
export function ExecutePanel({
  chain,
  safe,
  details,
  onClose,
  onChanged,
  renderCallReview,
}: ExecutePanelProps) {
  const verification = useVerifiedQueuedTx(chain.chainId, safe, details)
  const actions = useQueueActions({ chainId: chain.chainId, safe, onChanged })
  // Without a call review there is no risk to wait for; with one, Execute waits until it has read the risks.
  const [held, setHeld] = useState(renderCallReview !== undefined)
  const mutation = actions.execute
  const error = verification.error ?? mutation.error

  if (verification.isPending)
    return (
      <div className="review-panel" data-testid="review-panel">
        <p className="muted small">Checking the transaction against the chain…</p>
      </div>
    )

  if (error instanceof VerificationError)
    return (
      <div className="review-panel verification-failed" role="alert" data-testid="verification-failed">
        <strong>Refused: this transaction failed verification, do not execute or sign it</strong>
        <ul>
          {error.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        <p className="small">
          The gateway's data does not match what this browser recomputed from it and from the chain. Someone
          may be tampering with it: check the transaction with another tool before anyone signs.
        </p>
        <button type="button" className="button small-button" onClick={onClose}>
          Close
        </button>
      </div>
    )

  if (!verification.data)
    return (
      <div className="review-panel" role="alert" data-testid="verification-error">
        <p className="error-text small">
          Could not check this transaction against the chain, so it cannot be signed:{' '}
          {verification.error?.message ?? 'no answer'}
        </p>
        <div className="queue-item-actions">
          <button type="button" className="button small-button" onClick={() => void verification.refetch()}>
            Try again
          </button>
          <button type="button" className="button small-button" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
    )

  const { onChain, verified, signatures } = verification.data
  const execution = actions.account
    ? buildExecuteSignatures({
        signatures,
        executor: actions.account,
        owners: onChain.owners,
      })
    : undefined
  return (
    <div className="review-panel" data-testid="review-panel">
      <p className="verified small" data-testid="verification-ok">
        <Check size={14} aria-hidden="true" /> Verified in this browser: the safeTxHash was recomputed from
        the data shown, and {verified.check.confirmedBy.length} confirmation(s) recovered to owners read from
        the chain.
      </p>
      {renderCallReview?.(verified.tx, details, setHeld)}
      <dl className="kv small">
        <dt>safeTxHash</dt>
        <dd>
          <HashView hash={verified.safeTxHash} testId="review-safe-tx-hash" />
        </dd>
        {execution ? (
          <>
            <dt>Signatures</dt>
            <dd data-testid="review-signers">
              {execution.signers.length} of {onChain.threshold} required:
              {execution.signers.map((signer) => (
                <div key={signer}>
                  <AddressView
                    address={signer}
                    short
                    explorerUrl={explorerAddressUrl(chain, signer)}
                    badge={signer === actions.account ? 'you' : undefined}
                  />
                </div>
              ))}
            </dd>
          </>
        ) : null}
        <dt>Network fee</dt>
        <dd>
          <ExecutionFee chain={chain} safe={safe} safeTxHash={verified.safeTxHash} details={details} />
        </dd>
      </dl>
      <DeviceHashes
        domainHash={verified.check.domainHash}
        messageHash={verified.check.messageHash}
        testIdPrefix="review"
      />
      {mutation.error ? (
        <p className="error-text small" data-testid="review-error">
          {mutation.error.message}
        </p>
      ) : null}
      <div className="queue-item-actions">
        <button
          type="button"
          className="button small-button primary"
          data-testid="send-execution"
          disabled={mutation.isPending || held}
          onClick={() => mutation.mutate(details)}
        >
          {mutation.isPending ? 'Executing…' : 'Execute transaction'}
        </button>
        <button type="button" className="button small-button" onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </button>
      </div>
    </div>
  )
}

/** The estimated network fee of the execution, paid by the executing wallet in the chain's native coin. */
function ExecutionFee({
  chain,
  safe,
  safeTxHash,
  details,
}: Pick<ExecutePanelProps, 'chain' | 'safe' | 'details'> & { safeTxHash: Hex }) {
  const fee = useExecutionFee(chain.chainId, safe, safeTxHash, details)
  const { symbol, decimals } = chain.nativeCurrency
  if (fee.data)
    return (
      <span data-testid="execution-fee" data-wei={String(fee.data.fee)} data-gas={String(fee.data.gas)}>
        up to {formatTokenAmount(fee.data.fee, decimals, 8)} {symbol}{' '}
        <span className="muted">
          ({fee.data.gas.toLocaleString('en-US')} gas at {formatGwei(fee.data.maxFeePerGas)} gwei, paid by
          your wallet)
        </span>
      </span>
    )
  if (fee.isError)
    return (
      <span className="error-text" data-testid="execution-fee-error">
        Could not estimate: {fee.error.message.split('\n')[0]}. The execution would probably fail now.
      </span>
    )
  return <span className="muted">Estimating…</span>
}
