import type { ChainInfo, TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import type { Address } from 'viem'
import { ErrorState } from '../../../../components/ui/ErrorState'
import { Skeleton } from '../../../../components/ui/Skeleton'
import { formatGatewayError } from '../../../../lib/gateway'
import type { TxDraft } from '../../types'
import { useVerifiedTransaction } from '../../verify'
import type { DecodedCall } from '../../verify/checkDecoded'
import { VerificationAlert } from '../VerificationAlert'
import { CallReview } from './CallReview'
import { NewTxReview } from './NewTxReview'

export type ParentApprovalReviewProps = {
  chain: ChainInfo
  /** The Safe owned by `parent`, and its queued transaction the parent approves. */
  child: Address
  childDetails: TransactionDetails
  parent: Address
  /** The parent's approveHash call on the child. */
  draft: TxDraft
  account: Address
  /** `account` owns the parent only through Safes of its own: its signature proposes, it does not confirm. */
  proposerOnly?: boolean | undefined
  onDone: () => void
}

const noHold = () => undefined

/**
 * "Sign as <parent Safe>": the child's transaction is verified here first (its hash recomputed from its fields,
 * its confirmations against the child's owners on chain) and shown, then the parent's approveHash of exactly
 * that hash is reviewed, signed and proposed to the parent's queue.
 */
export function ParentApprovalReview(props: ParentApprovalReviewProps) {
  const { chain, child, childDetails } = props
  const verification = useVerifiedTransaction(childDetails, { chainId: chain.chainId, address: child })
  if (verification.isError)
    return (
      <ErrorState
        title="Could not check the transaction against the chain: signing refused"
        message={formatGatewayError(verification.error)}
        onRetry={() => void verification.refetch()}
        retrying={verification.isFetching}
      />
    )
  const check = verification.data
  if (!check) return <Skeleton lines={3} label="Checking the transaction against the chain" />
  const hash = check.hashes?.safeTxHash
  // The draft approves the hash the gateway named: it must be the one recomputed here (its last 32 bytes).
  const problems =
    hash && props.draft.call.data.toLowerCase().endsWith(hash.slice(2).toLowerCase())
      ? check.problems
      : [...check.problems, 'The hash to approve is not the hash of the transaction shown']
  if (problems.length > 0 || !check.tx)
    return (
      <VerificationAlert
        title="The gateway's transaction does not match what this browser recomputed"
        problems={problems}
      />
    )
  return (
    <div data-testid="parent-approval-review">
      <h3>What the owned Safe will do</h3>
      <CallReview
        chain={chain}
        safe={child}
        call={check.tx}
        decoded={childDetails.txData?.dataDecoded as DecodedCall | null | undefined}
        onHeldChange={noHold}
      />
      <h3>The approval, as a transaction of the owner Safe</h3>
      <NewTxReview
        chain={chain}
        safe={props.parent}
        draft={props.draft}
        account={props.account}
        proposerOnly={props.proposerOnly}
        onBack={props.onDone}
        onProposed={(_, verified) => {
          if (verified) props.onDone()
        }}
      />
    </div>
  )
}
