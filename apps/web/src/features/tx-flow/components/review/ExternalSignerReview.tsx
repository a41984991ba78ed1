import type { ChainInfo, TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useMutation } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import type { Address, Hex } from 'viem'
import { useConfig } from 'wagmi'
import { ErrorState } from '../../../../components/ui/ErrorState'
import { Skeleton } from '../../../../components/ui/Skeleton'
import { formatGatewayError } from '../../../../lib/gateway'
import { useVerifiedTransaction, verifyAgainstChain } from '../../verify'
import type { DecodedCall } from '../../verify/checkDecoded'
import { VerificationAlert } from '../VerificationAlert'
import { CallReview } from './CallReview'
import { HashesPanel, NonceAndConfirmations } from './ReviewPanels'
import '../../txFlow.css'
import { BusyButton } from '../../../../components/ui/BusyButton'

export type ExternalSignerReviewProps = {
  chain: ChainInfo
  safe: Address
  details: TransactionDetails
  /** What the signer will sign, shown above the button, for the safeTxHash recomputed here. */
  describe: (safeTxHash: Hex) => ReactNode
  submitLabel: string
  /** Signs the recomputed safeTxHash with a signer other than the connected wallet (e.g. a passkey owner). */
  onSign: (safeTxHash: Hex) => Promise<void>
  onCancel: () => void
}

/**
 * Review of a queued transaction confirmed by a signer that is not the connected wallet: the gateway's details
 * are checked against the chain as for any confirmation (QueuedTxReview), and only the hash recomputed here,
 * checked again right before signing, is handed to the signer.
 */
export function ExternalSignerReview(props: ExternalSignerReviewProps) {
  const { chain, safe, details } = props
  const config = useConfig()
  const verification = useVerifiedTransaction(details, { chainId: chain.chainId, address: safe })
  const [held, setHeld] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const check = verification.data
  const sign = useMutation({
    meta: { errorToast: false },
    mutationFn: async () => {
      const hash = check?.hashes?.safeTxHash
      if (!hash || !check?.tx) throw new Error('Nothing to sign')
      const fresh = await verifyAgainstChain(config, { details, chainId: Number(chain.chainId), safe })
      if (fresh.problems.length > 0 || fresh.hashes?.safeTxHash !== hash)
        throw new Error(`Refused: ${fresh.problems.join('; ') || 'the transaction changed while on screen'}`)
      await props.onSign(hash)
    },
    onError: (cause) => setError(formatGatewayError(cause)),
  })
  if (verification.isError)
    return (
      <ErrorState
        title="Could not check this transaction against the chain: signing refused"
        message={formatGatewayError(verification.error)}
        onRetry={() => void verification.refetch()}
        retrying={verification.isFetching}
      />
    )
  if (!check) return <Skeleton lines={3} label="Checking the gateway's transaction against the chain" />
  const info = details.detailedExecutionInfo?.type === 'MULTISIG' ? details.detailedExecutionInfo : null
  const hash = check.hashes?.safeTxHash
  const refused = check.problems.length > 0 || !check.tx || !hash
  return (
    <div data-testid="external-signer-review" data-verified={refused ? 'false' : 'true'}>
      <VerificationAlert
        title="The gateway's transaction does not match what this browser recomputed"
        problems={check.problems}
      />
      {check.tx ? (
        <CallReview
          chain={chain}
          safe={safe}
          call={check.tx}
          decoded={details.txData?.dataDecoded as DecodedCall | null | undefined}
          onHeldChange={setHeld}
        >
          <NonceAndConfirmations
            nonce={check.tx.nonce}
            confirmed={check.confirmedBy.length}
            required={info?.confirmationsRequired}
          />
        </CallReview>
      ) : null}
      <HashesPanel
        hashes={check.hashes}
        verify={check.tx ? { chainId: Number(chain.chainId), safe, tx: check.tx } : undefined}
      />
      {hash && !refused ? props.describe(hash) : null}
      {error ? (
        <p className="error-text" role="alert" data-testid="external-sign-error">
          {error}
        </p>
      ) : null}
      <div className="tx-actions">
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
        <BusyButton
          primary
          busy={sign.isPending}
          busyLabel="Waiting for the signer…"
          disabled={refused || held}
          onClick={() => {
            setError(null)
            sign.mutate()
          }}
          testId="external-sign"
        >
          {refused ? 'Signing refused' : props.submitLabel}
        </BusyButton>
      </div>
    </div>
  )
}
