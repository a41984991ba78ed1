import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useMutation } from '@tanstack/react-query'
import { Link } from 'react-router'
import type { Address, Hex } from 'viem'
import { useConfig } from 'wagmi'
import { sendThroughHost } from '../../embedded'
import { walletErrorText } from '../../sign'
import type { SafeCall, TxDraft } from '../../types'
import { DraftCallPanels, DraftReviewActions } from './DraftReview'
import { useCallChecks } from './useCallChecks'

export type EmbeddedTxReviewProps = {
  chain: ChainInfo
  safe: Address
  /** What the review shows (for a batch: the MultiSend the host is expected to build). */
  draft: TxDraft
  /** What goes to the host: the draft's call, or the batch's calls one by one. */
  calls: readonly SafeCall[]
  /** The Safe's queue (in this page). */
  queueHref: string
  onBack: () => void
  /** The host took the transaction and answered its safeTxHash. */
  onSubmitted?: ((safeTxHash: Hex) => void) | undefined
}

/**
 * Review in embedded mode (a Safe App whose wallet is the Safe): raw fields, decoded action and simulation, then
 * the call(s) go to the host, which picks the nonce, shows its own review and has its owner sign. No nonce or
 * hashes here: the host chooses them.
 */
export function EmbeddedTxReview({
  chain,
  safe,
  draft,
  calls,
  queueHref,
  onBack,
  onSubmitted,
}: EmbeddedTxReviewProps) {
  const config = useConfig()
  const checks = useCallChecks(chain.chainId, safe, draft.call)
  const submit = useMutation({
    meta: { errorToast: false },
    mutationFn: () =>
      sendThroughHost(config, { chainId: Number(chain.chainId), safe, calls }).catch((error) => {
        throw new Error(walletErrorText(error))
      }),
    onSuccess: (safeTxHash) => onSubmitted?.(safeTxHash),
  })
  const blocked = checks.decodedProblems.length > 0

  return (
    <div data-testid="new-tx-review" data-embedded="true">
      <DraftCallPanels chain={chain} draft={draft} checks={checks} />
      {submit.isSuccess ? (
        <div className="banner" role="status" data-testid="host-submitted" data-safe-tx-hash={submit.data}>
          <p>
            <strong>Submitted to the Safe app around this page.</strong> Its Safe transaction hash is{' '}
            <code className="address" data-testid="host-safe-tx-hash">
              {submit.data}
            </code>
            .
          </p>
          <p>
            <Link to={queueHref} data-testid="host-queue-link">
              See it in the queue →
            </Link>
          </p>
        </div>
      ) : (
        <>
          <p className="muted small" data-testid="embedded-review-note">
            Opened as a Safe App: the app around this page picks the nonce, shows its own review and collects
            the owners' signatures.
          </p>
          <DraftReviewActions
            error={submit.isError ? submit.error.message : null}
            busy={submit.isPending}
            onBack={onBack}
          >
            <button
              type="button"
              className="button primary"
              onClick={() => submit.mutate()}
              disabled={blocked || submit.isPending}
              data-testid="submit-to-host"
            >
              {submit.isPending ? 'Waiting for the Safe app…' : 'Submit to the Safe app'}
            </button>
          </DraftReviewActions>
        </>
      )}
    </div>
  )
}
