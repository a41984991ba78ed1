import { Link } from 'react-router'
import { useAccount } from 'wagmi'
import { multisigInfo, type QueueGroup } from '../utils/groupQueue'
import { gapWarning } from '../utils/queueGaps'
import { QueueItem } from './QueueItem'
import type { QueueViewProps } from './QueueView'
import { RejectButton } from './RejectButton'

export type QueueGroupViewProps = QueueViewProps & {
  group: QueueGroup
  groups: readonly QueueGroup[]
  queuedNonces: readonly number[]
}

/** One nonce of the queue: its label, conflict and gap warnings, nonce-wide actions and its transactions. */
export function QueueGroupView(props: QueueGroupViewProps) {
  const { group, safeInfo, queuedNonces } = props
  const { address } = useAccount()
  const isOwner = !!address && !!safeInfo?.owners.some((o) => o.value.toLowerCase() === address.toLowerCase())
  const gap = safeInfo
    ? gapWarning({ nonce: group.nonce, currentNonce: safeInfo.nonce, queued: queuedNonces })
    : null
  const hasRejection = group.transactions.some(
    (tx) =>
      tx.txInfo.type === 'Custom' && tx.txInfo.isCancellation && multisigInfo(tx)?.nonce === group.nonce,
  )
  return (
    <section
      className={`queue-group ${group.conflict ? 'conflict' : ''}`}
      data-testid="queue-group"
      data-nonce={group.nonce}
      aria-label={`Nonce ${group.nonce}`}
    >
      <header className="queue-group-head">
        <span className={`badge ${group.label === 'Next' ? '' : 'muted'}`} data-testid="queue-label">
          {group.label === 'Next' ? 'Next' : 'Queued'}
        </span>
        <strong>Nonce {group.nonce}</strong>
        {isOwner ? (
          <span className="queue-group-actions">
            {hasRejection ? null : <RejectButton {...props} nonce={group.nonce} />}
            {props.replaceHref ? (
              <Link
                className="button small-button"
                to={props.replaceHref(group.nonce)}
                data-testid="replace-link"
              >
                Replace
              </Link>
            ) : null}
          </span>
        ) : null}
      </header>
      {group.conflict ? (
        <p className="queue-note warning" data-testid="conflict-header">
          These transactions share nonce {group.nonce}: only one of them can be executed, the others are then
          dropped.
        </p>
      ) : null}
      {gap ? (
        <p className="queue-note warning" data-testid="gap-warning">
          {gap}
        </p>
      ) : null}
      <ul className="queue-items">
        {group.transactions.map((tx) => (
          <QueueItem key={tx.id} {...props} tx={tx} />
        ))}
      </ul>
    </section>
  )
}
