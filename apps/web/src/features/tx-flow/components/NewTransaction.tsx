import type { ChainInfo, SafeInfo, TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useState } from 'react'
import type { Address, Hex } from 'viem'
import { buildMultiSendCallOnly } from '../builders/multiSend'
import { useEmbeddedSafe } from '../embedded'
import type { SafeCall, TxDraft } from '../types'
import { useOwnerAccess } from '../useOwnerAccess'
import { BatchTray } from './BatchTray'
import { ContractCallForm } from './forms/ContractCallForm'
import type { TxFlowAssets, TxFormProps } from './forms/formTypes'
import { SendNftForm } from './forms/SendNftForm'
import { SendTokenForm } from './forms/SendTokenForm'
import { type SettingsAction, SettingsForm } from './forms/SettingsForm'
import { type LimitAction, SpendingLimitForm } from './forms/SpendingLimitForm'
import { ReadOnlyNotice } from './ReadOnlyNotice'
import { ReplacingNotice } from './ReplacingNotice'
import { EmbeddedTxReview } from './review/EmbeddedTxReview'
import { NewTxReview } from './review/NewTxReview'
import '../txFlow.css'

export const TX_KINDS = {
  send: 'Send tokens',
  nft: 'Send an NFT',
  contract: 'Contract interaction',
  settings: 'Setup change',
  spendingLimit: 'Spending limit',
} as const
export type TxKind = keyof typeof TX_KINDS
export const isTxKind = (value: string | null): value is TxKind =>
  value !== null && Object.hasOwn(TX_KINDS, value)

export type NewTransactionProps = {
  chain: ChainInfo
  safe: Address
  /** The gateway's SafeInfo: version (batches), threshold and owners (until the chain is read). */
  info: SafeInfo
  assets: TxFlowAssets
  initial: {
    kind: TxKind
    /** Token address preselected by an asset row (the zero address: the native coin). */
    token?: string | undefined
    /** `collection:tokenId` preselected by an NFT. */
    collectible?: string | undefined
    /** Setup change and its owner/module, from Settings → Setup. */
    action?: SettingsAction | undefined
    target?: string | undefined
    /** Start the review at this nonce (replacing a queued transaction). */
    nonce?: string | undefined
    /** A spending-limit change chosen in Settings → Spending limits (with `token`). */
    limit?: { action?: LimitAction | undefined; beneficiary?: string | undefined } | undefined
  }
  /** See NewTxReview: called once the gateway stored the proposal, `verified` false when its answer lied. */
  onProposed: (details: TransactionDetails, verified: boolean) => void
  /** Embedded mode: the Safe's queue, linked once the host took the transaction. */
  queueHref?: string | undefined
  /** Embedded mode: the host took the transaction and answered its safeTxHash. */
  onSubmittedToHost?: ((safeTxHash: Hex) => void) | undefined
}

/**
 * New transaction: a form per kind, an optional batch, then the review that signs and proposes. Only an owner
 * (as the chain says) gets the forms; any other wallet sees that it is read-only. Embedded mode (a Safe App whose
 * wallet is this Safe) gets the forms too, and its review hands the call(s) to the host instead of signing.
 */
export function NewTransaction(props: NewTransactionProps) {
  const embedded = useEmbeddedSafe(props.safe)
  const access = useOwnerAccess(props.chain.chainId, props.safe, props.info)
  if (embedded) return <Flow {...props} account={null} />
  if (access.status !== 'owner') return <ReadOnlyNotice access={access} />
  return <Flow {...props} account={access.account} />
}

/** The draft under review and, in embedded mode, the calls the host gets (a batch's calls one by one). */
type Review = { draft: TxDraft; calls: SafeCall[] }

function Flow({
  chain,
  safe,
  info,
  assets,
  initial,
  onProposed,
  queueHref,
  onSubmittedToHost,
  account,
}: NewTransactionProps & {
  /** The owner who signs, or null in embedded mode (the host has the owners sign). */
  account: Address | null
}) {
  const [kind, setKind] = useState<TxKind>(initial.kind)
  const [batch, setBatch] = useState<TxDraft[]>([])
  const [batchError, setBatchError] = useState<string | null>(null)
  const [review, setReview] = useState<Review | null>(null)

  const formProps: TxFormProps = {
    chain,
    safe,
    info,
    onReview: (draft) => setReview({ draft, calls: [draft.call] }),
    onAddToBatch: (draft) => {
      setBatch((drafts) => [...drafts, draft])
      setBatchError(null)
    },
  }

  const reviewBatch = () => {
    const built = buildMultiSendCallOnly(
      batch.map((draft) => draft.call),
      info.version,
    )
    if (!built.ok) return setBatchError(built.error)
    const count = `${batch.length} ${batch.length === 1 ? 'action' : 'actions'}`
    setReview({
      draft: { call: built.value, summary: `Batch of ${count}: ${batch.map((d) => d.summary).join('; ')}` },
      calls: batch.map((draft) => draft.call),
    })
  }

  return (
    <div className="tx-flow" data-testid="new-transaction">
      {review && account === null ? (
        <EmbeddedTxReview
          chain={chain}
          safe={safe}
          draft={review.draft}
          calls={review.calls}
          queueHref={queueHref ?? ''}
          onBack={() => setReview(null)}
          onSubmitted={onSubmittedToHost}
        />
      ) : review && account !== null ? (
        <NewTxReview
          chain={chain}
          safe={safe}
          draft={review.draft}
          account={account}
          initialNonce={initial.nonce}
          onBack={() => setReview(null)}
          onProposed={onProposed}
        />
      ) : null}
      {/* Forms stay mounted while reviewing, so going back (or an error) keeps what was typed. */}
      <div hidden={review !== null}>
        {initial.nonce ? <ReplacingNotice chainId={chain.chainId} safe={safe} nonce={initial.nonce} /> : null}
        <div className="tx-flow-kinds" role="tablist" aria-label="Kind of transaction">
          {Object.entries(TX_KINDS).map(([value, label]) => (
            <button
              key={value}
              type="button"
              role="tab"
              aria-selected={kind === value}
              onClick={() => setKind(value as TxKind)}
              data-testid={`tx-kind-${value}`}
            >
              {label}
            </button>
          ))}
        </div>
        <div className="card" hidden={kind !== 'send'}>
          <SendTokenForm {...formProps} balances={assets.balances} initialToken={initial.token} />
        </div>
        <div className="card" hidden={kind !== 'nft'}>
          <SendNftForm
            {...formProps}
            collectibles={assets.collectibles}
            initialCollectible={initial.collectible}
          />
        </div>
        <div className="card" hidden={kind !== 'contract'}>
          <ContractCallForm {...formProps} />
        </div>
        <div className="card" hidden={kind !== 'settings'}>
          <SettingsForm {...formProps} initialAction={initial.action} initialTarget={initial.target} />
        </div>
        <div className="card" hidden={kind !== 'spendingLimit'}>
          <SpendingLimitForm
            {...formProps}
            balances={assets.balances}
            initial={{ ...initial.limit, token: initial.token }}
          />
        </div>
        <BatchTray
          drafts={batch}
          onRemove={(index) => setBatch((drafts) => drafts.filter((_, i) => i !== index))}
          onReview={reviewBatch}
          error={batchError}
        />
      </div>
    </div>
  )
}
