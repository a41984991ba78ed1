// What the two reviews of a transaction not yet proposed share: NewTxReview (this page signs and proposes) and
// EmbeddedTxReview (the host Safe app takes it).
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import type { ReactNode } from 'react'
import type { TxDraft } from '../../types'
import { VerificationAlert } from '../VerificationAlert'
import { CallFields, DecodedPanel, SimulationPanel } from './ReviewPanels'
import type { CallChecks } from './useCallChecks'

/** The draft's call: a misdescribing decoder first (it blocks), then raw fields, decoded action, simulation. */
export function DraftCallPanels({
  chain,
  draft,
  checks,
}: {
  chain: ChainInfo
  draft: TxDraft
  checks: CallChecks
}) {
  return (
    <>
      <VerificationAlert
        title="The data decoder misdescribes this transaction"
        problems={checks.decodedProblems}
      />
      <CallFields chain={chain} call={draft.call} summary={draft.summary} />
      <DecodedPanel chain={chain} call={draft.call} checks={checks} />
      <SimulationPanel checks={checks} />
    </>
  )
}

/** Why the last attempt failed, then "Back to edit" (off while `busy`) and the caller's own actions. */
export function DraftReviewActions({
  error,
  busy,
  onBack,
  children,
}: {
  error: string | null
  busy: boolean
  onBack: () => void
  children: ReactNode
}) {
  return (
    <>
      {error !== null ? (
        <p className="error-text" role="alert" data-testid="propose-error">
          {error}
        </p>
      ) : null}
      <div className="tx-actions">
        <button type="button" className="button" onClick={onBack} disabled={busy} data-testid="review-back">
          Back to edit
        </button>
        {children}
      </div>
    </>
  )
}
