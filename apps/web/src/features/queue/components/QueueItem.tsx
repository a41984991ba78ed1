import type { TransactionSummary } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import type { Address } from 'viem'
import { useAccount } from 'wagmi'
import { queueKeys } from '../api/keys'
import { queuedDetailsQueryOptions } from '../api/queries'
import { deletePolicy } from '../utils/deletePolicy'
import { multisigInfo } from '../utils/groupQueue'
import { multisigDetails } from '../utils/toSafeTx'
import { DeleteButton } from './DeleteButton'
import { ExecutePanel } from './ExecutePanel'
import type { QueueGroupViewProps } from './QueueGroupView'

export type QueueItemProps = QueueGroupViewProps & { tx: TransactionSummary }

/** A queued transaction: its summary, confirmation count and what the connected owner can do with it. */
export function QueueItem(props: QueueItemProps) {
  const { chain, tx, safeInfo, group } = props
  const info = multisigInfo(tx)
  const { address, chainId: walletChainId } = useAccount()
  const [review, setReview] = useState<'confirm' | 'execute' | 'export' | null>(null)
  const details = useQuery(queuedDetailsQueryOptions(chain.chainId, tx))
  const queryClient = useQueryClient()
  const execution = details.data ? multisigDetails(details.data) : undefined

  // Plain comparison: the gateway's strings are not trusted to be addresses (isAddressEqual would throw).
  const same = (value: string) => !!address && value.toLowerCase() === address.toLowerCase()
  const isOwner = !!safeInfo?.owners.some((owner) => same(owner.value))
  const confirmed = !!execution?.confirmations.some((c) => same(c.signer.value))
  const submitted = info?.confirmationsSubmitted ?? 0
  const required = info?.confirmationsRequired ?? 0
  // The executor's own pre-validated signature counts as one confirmation if it has not confirmed yet.
  const executable = submitted >= required || (isOwner && !confirmed && submitted + 1 >= required)
  // A fully confirmed transaction needs no signature to execute: any wallet may send it and pay its gas (an
  // owner of an owner Safe, in particular; the execution checks every signature against the chain again).
  const canAct = isOwner || (required > 0 && submitted >= required)
  const isNext = safeInfo ? group.nonce === safeInfo.nonce : group.label === 'Next'
  const wrongChain = walletChainId !== undefined && String(walletChainId) !== chain.chainId
  const policy = deletePolicy({
    account: address,
    proposer: execution?.proposer?.value as Address | undefined,
    nonce: group.nonce,
    groups: props.groups,
  })

  return (
    <li className="queue-item" data-testid="queue-item" data-tx-id={tx.id} data-status={tx.txStatus}>
      <ul className="tx-list">{props.renderSummary(tx)}</ul>
      {details.data && props.renderRisks ? props.renderRisks(details.data) : null}
      {details.data && props.renderOwnerSafes ? props.renderOwnerSafes(details.data) : null}
      <div className="queue-item-status small">
        <span data-testid="queue-confirmations">
          {submitted} of {required} confirmations
        </span>
        {submitted < required ? (
          <span className="muted">
            · {required - submitted} more needed
            {info?.missingSigners?.length
              ? ` from ${info.missingSigners.length} owner(s) who have not signed`
              : ''}
          </span>
        ) : null}
        {confirmed ? (
          <span className="badge muted" data-testid="confirmed-by-you">
            You confirmed
          </span>
        ) : null}
      </div>
      {canAct && !wrongChain ? (
        <div className="queue-item-actions">
          {isOwner && !confirmed && submitted < required && props.renderConfirm ? (
            <button
              type="button"
              className="button small-button primary"
              data-testid="confirm-button"
              disabled={!details.data}
              onClick={() => setReview('confirm')}
            >
              Confirm
            </button>
          ) : null}
          {executable ? (
            <button
              type="button"
              className="button small-button primary"
              data-testid="execute-button"
              disabled={!details.data || !isNext}
              title={isNext ? undefined : `Nonce ${safeInfo?.nonce ?? ''} must be executed first`}
              onClick={() => setReview('execute')}
            >
              Execute
            </button>
          ) : null}
          {isOwner && details.data ? (
            <DeleteButton {...props} details={details.data} policy={policy} />
          ) : null}
        </div>
      ) : canAct && wrongChain ? (
        <p className="muted small">Switch your wallet to {chain.chainName} to sign or execute.</p>
      ) : null}
      {details.data && props.renderExport ? (
        <button
          type="button"
          className="button small-button"
          aria-expanded={review === 'export'}
          onClick={() => setReview(review === 'export' ? null : 'export')}
          data-testid="export-button"
        >
          Export with signatures
        </button>
      ) : null}
      {review === 'export' && details.data && props.renderExport ? props.renderExport(details.data) : null}
      {review === 'execute' && details.data ? (
        <ExecutePanel {...props} details={details.data} onClose={() => setReview(null)} />
      ) : null}
      {review === 'confirm' && details.data && props.renderConfirm ? (
        <div className="confirm-review" data-testid="confirm-review">
          {props.renderConfirm(details.data, () => {
            setReview(null)
            void queryClient.invalidateQueries({ queryKey: queueKeys.list(chain.chainId, props.safe) })
            props.onChanged?.()
          })}
          <button type="button" className="button small-button" onClick={() => setReview(null)}>
            Close
          </button>
        </div>
      ) : null}
    </li>
  )
}
