import type { ChainInfo, SafeInfo, TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { useQueries, useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { type Address, getAddress, type Hex } from 'viem'
import { useAccount, useConfig, useReadContract } from 'wagmi'
import { useAddressName } from '../../../components/ui/AddressNamesContext'
import { shortAddress } from '../../../lib/format'
import {
  controlledSafesQueryOptions,
  ownerSafeQueryOptions,
  pendingApprovalQueryOptions,
} from '../api/requests'
import { approveHashAbi, approveHashCall } from '../approvals'

export type ApprovalDraft = { call: ReturnType<typeof approveHashCall>; summary: string }

export type ParentApprovalsProps = {
  chain: ChainInfo
  child: Address
  /** The child's queued transaction. */
  details: TransactionDetails
  /** The child's owners (the gateway's; execution checks them on chain). */
  owners: readonly string[]
  /** The review that signs the parent's approveHash and proposes it to the parent's queue. */
  renderSign: (
    parent: Address,
    draft: ApprovalDraft,
    done: () => void,
    /** The wallet owns the parent through Safes of its own: its signature proposes, their approvals confirm. */
    proposerOnly: boolean,
  ) => ReactNode
  /** A parent Safe's queue link. */
  queueHref: (parent: Address) => string
  onChanged: () => void
}

const MAX_OWNERS_LOOKED_UP = 10

/**
 * The child's owners that are Safes and have not confirmed: for each, whether it approved on chain, is on its
 * way (its own transaction in its queue, "waiting for Ops (1 of 2)"), or can be signed by the connected wallet.
 */
export function ParentApprovals(props: ParentApprovalsProps) {
  const config = useConfig()
  const info = props.details.detailedExecutionInfo
  const confirmed = new Set(
    info?.type === 'MULTISIG' ? info.confirmations.map((c) => c.signer.value.toLowerCase()) : [],
  )
  const missing = props.owners.filter((o) => !confirmed.has(o.toLowerCase())).slice(0, MAX_OWNERS_LOOKED_UP)
  const safes = useQueries({
    queries: missing.map((owner) => ({
      ...ownerSafeQueryOptions(config, props.chain.chainId, owner as Address),
      retry: false,
    })),
  })
  const parents = safes.flatMap((q) => (q.data ? [q.data] : []))
  if (!parents.length || info?.type !== 'MULTISIG') return null
  return (
    <ul className="queue-risks small" data-testid="parent-approvals">
      {parents.map((parent) => (
        <ParentApproval
          key={parent.address.value}
          {...props}
          parent={parent}
          safeTxHash={info.safeTxHash as Hex}
        />
      ))}
    </ul>
  )
}

function ParentApproval(props: ParentApprovalsProps & { parent: SafeInfo; safeTxHash: Hex }) {
  const { chain, child, parent, safeTxHash } = props
  const address = getAddress(parent.address.value)
  const name = useAddressName(address) ?? `Safe ${shortAddress(address)}`
  const { address: account } = useAccount()
  const [signing, setSigning] = useState(false)
  const approved = useReadContract({
    address: child,
    abi: approveHashAbi,
    functionName: 'approvedHashes',
    args: [address, safeTxHash],
    chainId: Number(chain.chainId),
    query: { refetchInterval: 10_000 },
  })
  const pending = useQuery(pendingApprovalQueryOptions(chain.chainId, address, child, safeTxHash))
  // Approved on chain: the gateway's indexer records it as the parent's confirmation (ApproveHash).
  const isApproved = approved.data !== undefined && approved.data !== 0n
  // Once, when the approval lands (the caller's callback is a new function each render: not a dependency).
  const onChanged = useRef(props.onChanged)
  onChanged.current = props.onChanged
  useEffect(() => {
    if (isApproved) onChanged.current()
  }, [isApproved])

  const controlled = useQuery({
    ...controlledSafesQueryOptions(chain.chainId, account ?? ''),
    enabled: !!account,
  })
  const depth = controlled.data?.get(address.toLowerCase())
  const owns = depth !== undefined
  const nonce =
    props.details.detailedExecutionInfo?.type === 'MULTISIG' ? props.details.detailedExecutionInfo.nonce : '?'
  const pendingInfo = pending.data?.detailedExecutionInfo
  return (
    <li
      data-testid="parent-approval"
      data-parent={address}
      data-state={isApproved ? 'approved' : pending.data ? 'pending' : 'none'}
    >
      {isApproved ? (
        <span data-testid="parent-approved">
          Approved on chain by {name}: counted once the gateway indexed it
        </span>
      ) : pending.data && pendingInfo?.type === 'MULTISIG' ? (
        <span data-testid="parent-waiting">
          Waiting for {name} ({pendingInfo.confirmations.length} of {pendingInfo.confirmationsRequired}):{' '}
          <Link to={props.queueHref(address)} data-testid="parent-queue-link">
            its queue
          </Link>
        </span>
      ) : owns ? (
        signing ? (
          <div className="confirm-review" data-testid="parent-sign-review">
            {props.renderSign(
              address,
              {
                call: approveHashCall(child, safeTxHash),
                summary: `${name} approves transaction #${nonce} of ${shortAddress(child)} (${shortAddress(safeTxHash)})`,
              },
              () => {
                setSigning(false)
                void pending.refetch()
              },
              (depth ?? 1) > 1,
            )}
          </div>
        ) : (
          <button
            type="button"
            className="button small-button"
            onClick={() => setSigning(true)}
            data-testid="sign-as-parent"
          >
            Sign as {name}
          </button>
        )
      ) : (
        <span className="muted">{name}, a Safe owner, has not approved yet</span>
      )}
    </li>
  )
}
