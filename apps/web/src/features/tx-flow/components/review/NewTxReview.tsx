import * as SafeTx from '@concord/safe/SafeTx'
import { safeTxHashes } from '@concord/safe/verifySafeTx'
import type { ChainInfo, TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useMutation, useQuery } from '@tanstack/react-query'
import { useMemo, useState } from 'react'
import type { Address } from 'viem'
import { useConfig } from 'wagmi'
import { ErrorState } from '../../../../components/ui/ErrorState'
import { Skeleton } from '../../../../components/ui/Skeleton'
import { formatGatewayError, GatewayError } from '../../../../lib/gateway'
import { estimationQueryOptions, proposeSafeTx, queuedNoncesQueryOptions } from '../../api/requests'
import { checkNonce } from '../../builders/nonce'
import { signSafeTx, walletErrorText } from '../../sign'
import type { TxDraft } from '../../types'
import { verifyAgainstChain } from '../../verify'
import { VerificationAlert } from '../VerificationAlert'
import { DraftCallPanels, DraftReviewActions } from './DraftReview'
import { NonceField } from './NonceField'
import { HashesPanel } from './ReviewPanels'
import { RisksPanel, useRiskGate } from './RisksPanel'
import { useCallChecks } from './useCallChecks'

export type NewTxReviewProps = {
  chain: ChainInfo
  safe: Address
  draft: TxDraft
  /** The connected owner who signs and proposes. */
  account: Address
  /**
   * The signer is not an owner of this Safe but of one of its owner Safes (nested Safes): its signature proposes
   * and is no confirmation; the owner Safe confirms with its own approval.
   */
  proposerOnly?: boolean | undefined
  /** A nonce to start from instead of the recommended one (e.g. replacing a queued transaction). */
  initialNonce?: string | undefined
  onBack: () => void
  /**
   * The gateway stored the proposal. `verified` is false when its answer did not hold up (the review then
   * shows why, loudly); the caller refreshes its lists either way, and moves on only when verified.
   */
  onProposed: (details: TransactionDetails, verified: boolean) => void
}

type Outcome =
  | { kind: 'error'; message: string }
  | { kind: 'tampered'; problems: string[]; details: TransactionDetails }

/**
 * Review before signing a new transaction: raw fields, decoded action, simulation, nonce and hashes; then sign
 * (EIP-712, computed here), propose, and check the gateway's answer is the transaction signed.
 */
export function NewTxReview({
  chain,
  safe,
  draft,
  account,
  proposerOnly,
  initialNonce,
  onBack,
  onProposed,
}: NewTxReviewProps) {
  const { call } = draft
  const config = useConfig()
  const checks = useCallChecks(chain.chainId, safe, call)
  const estimation = useQuery(estimationQueryOptions(chain.chainId, safe, call))
  const queue = useQuery(queuedNoncesQueryOptions(chain.chainId, safe))
  const [nonce, setNonce] = useState<string | null>(initialNonce ?? null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  // The recommended nonce is the default until the user types one.
  const shownNonce = nonce ?? (estimation.data ? String(estimation.data.recommendedNonce) : '')
  const queuedNonces = queue.data ?? []
  const nonceCheck = estimation.data
    ? checkNonce({ nonce: shownNonce, ...estimation.data, queuedNonces })
    : { error: null, warnings: [] }
  const tx = useMemo(
    () =>
      estimation.data && /^\d+$/.test(shownNonce)
        ? SafeTx.from({ ...call, nonce: BigInt(shownNonce) })
        : null,
    [call, shownNonce, estimation.data],
  )
  const hashes = useMemo(
    () => (tx ? safeTxHashes(tx, { chainId: Number(chain.chainId), address: safe }) : null),
    [tx, chain.chainId, safe],
  )

  const propose = useMutation({
    meta: { errorToast: false },
    mutationFn: async () => {
      if (!tx || nonceCheck.error) throw new Error('Choose a valid nonce first')
      const signed = await signSafeTx(config, { chainId: Number(chain.chainId), safe, account, tx }).catch(
        (error) => {
          throw new Error(walletErrorText(error))
        },
      )
      const details = await proposeSafeTx({
        chainId: chain.chainId,
        safe,
        tx,
        safeTxHash: signed.hashes.safeTxHash,
        sender: account,
        signature: signed.signature,
      })
      const check = await verifyAgainstChain(config, {
        details,
        chainId: Number(chain.chainId),
        safe,
        expected: { safeTxHash: signed.hashes.safeTxHash, signer: proposerOnly ? undefined : account },
      })
      return { details, problems: check.problems }
    },
    onSuccess: ({ details, problems }) => {
      if (problems.length > 0) setOutcome({ kind: 'tampered', problems, details })
      onProposed(details, problems.length === 0)
    },
    onError: (error) =>
      setOutcome({
        kind: 'error',
        message: error instanceof GatewayError ? formatGatewayError(error) : error.message,
      }),
  })

  const gate = useRiskGate(call, safe, Number(chain.chainId), checks.simulation.data)
  const blocked = checks.decodedProblems.length > 0 || gate.held
  const canSign = tx !== null && nonceCheck.error === null && !blocked && !propose.isPending

  return (
    <div data-testid="new-tx-review">
      <DraftCallPanels chain={chain} draft={draft} checks={checks} />
      {estimation.data ? (
        <NonceField
          value={shownNonce}
          onChange={(value) => {
            setNonce(value)
            setOutcome(null)
          }}
          currentNonce={estimation.data.currentNonce}
          recommendedNonce={estimation.data.recommendedNonce}
          queuedNonces={queuedNonces}
          check={nonceCheck}
        />
      ) : estimation.isError ? (
        <div className="card">
          <ErrorState
            title="Could not get the Safe's nonce"
            message={formatGatewayError(estimation.error)}
            onRetry={() => void estimation.refetch()}
            retrying={estimation.isFetching}
          />
        </div>
      ) : (
        <div className="card">
          <Skeleton lines={1} label="Loading the nonce" />
        </div>
      )}
      <RisksPanel gate={gate} />
      <HashesPanel hashes={hashes} verify={tx ? { chainId: Number(chain.chainId), safe, tx } : undefined} />
      {outcome?.kind === 'tampered' ? (
        <VerificationAlert
          title="The gateway's answer does not match the transaction you signed"
          problems={outcome.problems}
        />
      ) : null}
      <DraftReviewActions
        error={outcome?.kind === 'error' ? outcome.message : null}
        busy={propose.isPending}
        onBack={onBack}
      >
        <button
          type="button"
          className="button primary"
          onClick={() => {
            setOutcome(null)
            propose.mutate()
          }}
          disabled={!canSign}
          data-testid="sign-and-propose"
        >
          {propose.isPending ? 'Waiting for the wallet and the gateway…' : 'Sign and propose'}
        </button>
        {checks.simulation.data && !checks.simulation.data.success ? (
          <span className="muted small">The simulation fails: you may still propose it to run later.</span>
        ) : null}
      </DraftReviewActions>
    </div>
  )
}
