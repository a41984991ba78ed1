import type { ChainInfo, TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { type Address, isAddressEqual } from 'viem'
import { useConfig } from 'wagmi'
import { ErrorState } from '../../../../components/ui/ErrorState'
import { Skeleton } from '../../../../components/ui/Skeleton'
import { formatGatewayError } from '../../../../lib/gateway'
import { useEmbeddedSafe } from '../../embedded'
import { type SignedSafeTx, signSafeTx, walletErrorText } from '../../sign'
import { useOwnerAccess } from '../../useOwnerAccess'
import { type TransactionCheck, useVerifiedTransaction, verifyAgainstChain } from '../../verify'
import type { DecodedCall } from '../../verify/checkDecoded'
import { ReadOnlyNotice } from '../ReadOnlyNotice'
import { VerificationAlert } from '../VerificationAlert'
import { CallReview } from './CallReview'
import { HashesPanel, NonceAndConfirmations } from './ReviewPanels'
import '../../txFlow.css'

export type QueuedTxReviewProps = {
  chain: ChainInfo
  safe: Address
  /** The gateway's transaction: checked here against the chain before anything can be signed. */
  details: TransactionDetails
  submitLabel?: string
  /** Called with the verified transaction's signature, e.g. to post the confirmation (or execute). */
  onSigned: (signed: SignedSafeTx) => Promise<void>
}

/**
 * Review and sign a transaction someone else proposed (confirm): the gateway's details are recomputed and
 * their confirmations recovered against the owners on chain; on any mismatch the review shows a loud warning
 * and refuses to sign. Reusable by any screen that signs a queued transaction.
 */
export function QueuedTxReview(props: QueuedTxReviewProps) {
  const verification = useVerifiedTransaction(props.details, {
    chainId: props.chain.chainId,
    address: props.safe,
  })
  if (verification.isError)
    return (
      <div className="card">
        <ErrorState
          title="Could not check this transaction against the chain: signing refused"
          message={formatGatewayError(verification.error)}
          onRetry={() => void verification.refetch()}
          retrying={verification.isFetching}
        />
      </div>
    )
  if (!verification.data)
    return (
      <div className="card" data-testid="verification-pending">
        <Skeleton lines={3} label="Checking the gateway's transaction against the chain" />
      </div>
    )
  return <Verified {...props} check={verification.data} />
}

function Verified({
  chain,
  safe,
  details,
  submitLabel,
  onSigned,
  check,
}: QueuedTxReviewProps & { check: TransactionCheck }) {
  const config = useConfig()
  const access = useOwnerAccess(chain.chainId, safe, undefined)
  const embedded = useEmbeddedSafe(safe)
  const [error, setError] = useState<string | null>(null)
  const tx = check.tx
  // Held until the call's review says its risks were read (a blocking risk waits for the signer's answer).
  const [held, setHeld] = useState(true)
  const sign = useMutation({
    meta: { errorToast: false },
    mutationFn: async () => {
      if (!tx || access.status !== 'owner') throw new Error('Nothing to sign')
      // Checked again right before the wallet is asked: the owners or the details may have changed.
      const fresh = await verifyAgainstChain(config, { details, chainId: Number(chain.chainId), safe })
      if (fresh.problems.length > 0 || fresh.hashes?.safeTxHash !== check.hashes?.safeTxHash)
        throw new Error(`Refused: ${fresh.problems.join('; ') || 'the transaction changed while on screen'}`)
      const signed = await signSafeTx(config, {
        chainId: Number(chain.chainId),
        safe,
        account: access.account,
        tx,
      }).catch((cause) => {
        throw new Error(walletErrorText(cause))
      })
      await onSigned(signed)
    },
    onError: (cause) => setError(formatGatewayError(cause)),
  })

  const info = details.detailedExecutionInfo?.type === 'MULTISIG' ? details.detailedExecutionInfo : null
  const refused = check.problems.length > 0 || !tx
  const alreadySigned =
    access.status === 'owner' && check.confirmedBy.some((o) => isAddressEqual(o, access.account))

  return (
    <div data-testid="queued-tx-review" data-verified={refused ? 'false' : 'true'}>
      <VerificationAlert
        title="The gateway's transaction does not match what this browser recomputed"
        problems={check.problems}
      />
      {tx ? (
        <CallReview
          chain={chain}
          safe={safe}
          call={tx}
          decoded={details.txData?.dataDecoded as DecodedCall | null | undefined}
          onHeldChange={setHeld}
        >
          <NonceAndConfirmations
            nonce={tx.nonce}
            confirmed={check.confirmedBy.length}
            required={info?.confirmationsRequired}
          />
        </CallReview>
      ) : null}
      <HashesPanel
        hashes={check.hashes}
        verify={tx ? { chainId: Number(chain.chainId), safe, tx } : undefined}
      />
      {embedded ? (
        <div className="banner" role="status" data-testid="embedded-confirm-notice">
          <p>
            <strong>Opened as a Safe App:</strong> the Safe itself is the connected wallet, so its owners
            confirm this transaction in the Safe app around this page.
          </p>
        </div>
      ) : access.status !== 'owner' ? (
        <ReadOnlyNotice access={access} />
      ) : null}
      {error ? (
        <p className="error-text" role="alert" data-testid="sign-error">
          {error}
        </p>
      ) : null}
      <div className="tx-actions">
        {refused ? (
          <button type="button" className="button" disabled data-testid="sign-refused">
            Signing refused
          </button>
        ) : alreadySigned ? (
          <span className="muted" data-testid="already-confirmed">
            You have confirmed this transaction.
          </span>
        ) : (
          <button
            type="button"
            className="button primary"
            disabled={access.status !== 'owner' || sign.isPending || held}
            onClick={() => {
              setError(null)
              sign.mutate()
            }}
            data-testid="sign-queued"
          >
            {sign.isPending ? 'Waiting for the wallet…' : (submitLabel ?? 'Sign and confirm')}
          </button>
        )}
      </div>
    </div>
  )
}
