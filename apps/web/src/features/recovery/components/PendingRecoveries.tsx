import type { Address } from 'viem'
import { AddressView } from '../../../components/ui/AddressView'
import { useWalletAccount } from '../../../lib/walletRuntime'
import type { DelayRecovery, QueuedRecovery } from '../api/types'
import { useRecoveryWrite } from '../useRecoveryWrite'
import { checkKey, useVerifiedRecovery } from '../useVerifiedRecovery'
import { cancelDraft, formatDuration, type RecoveryDraft } from '../utils/recoveryDrafts'
import '../recovery.css'

export type PendingRecoveriesProps = {
  chainId: string
  safe: Address
  delays: readonly DelayRecovery[]
  /** Chain time now (Unix seconds), ticking; see useChainNow. */
  now: number
  /** The connected wallet is an owner: it may propose the cancellation. */
  canCancel: boolean
  onDraft: (draft: RecoveryDraft) => void
  /** A recovery ran: owners and history changed. */
  onExecuted?: () => void
}

/** Recoveries waiting on the Delay: new owners, countdown, expiry; owners cancel, anyone executes after the window. */
export function PendingRecoveries({ delays, ...props }: PendingRecoveriesProps) {
  const pending = delays.flatMap((delay) => delay.queue.map((item) => ({ delay, item })))
  const checks = useVerifiedRecovery(props.chainId, props.safe, delays)
  if (pending.length === 0) return null
  return (
    <section className="stack" data-testid="pending-recoveries" aria-label="Pending recovery">
      <h3>Pending recovery</h3>
      {pending.map(({ delay, item }) => (
        <PendingRecovery
          key={`${delay.address}-${item.queueNonce}`}
          delay={delay}
          item={item}
          check={checks.error ? 'failed' : checks.data?.[checkKey(delay.address, item.queueNonce)]}
          {...props}
        />
      ))}
    </section>
  )
}

function PendingRecovery({
  chainId,
  safe,
  delay,
  item,
  now,
  canCancel,
  onDraft,
  onExecuted,
  check,
}: Omit<PendingRecoveriesProps, 'delays'> & {
  delay: DelayRecovery
  item: QueuedRecovery
  /** The browser's check against the chain (useVerifiedRecovery); undefined while it runs. */
  check: 'verified' | 'mismatch' | 'failed' | undefined
}) {
  const { address: account } = useWalletAccount()
  const execute = useRecoveryWrite(chainId, safe, onExecuted)
  const expired = item.expiresAt !== null && now > item.expiresAt
  const ready = now >= item.executableAt && !expired
  const error = execute.error as { shortMessage?: string; message: string } | null
  return (
    <div className="recovery-pending stack" data-testid="pending-recovery" data-queue-nonce={item.queueNonce}>
      {item.newOwners ? (
        <>
          <p>
            New owners ({item.newThreshold ?? '?'} of {item.newOwners.length} to sign):
          </p>
          <ul className="recovery-owners">
            {item.newOwners.map((owner) => (
              <li key={owner} data-testid="recovery-new-owner" data-address={owner}>
                <AddressView address={owner} chainId={chainId} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="error-text" data-testid="recovery-not-owner-change">
          Not an owner change: a call to <AddressView address={item.to} chainId={chainId} /> (cancel it unless
          you expect it)
        </p>
      )}
      {check === 'verified' ? (
        <p className="muted small" data-testid="recovery-verified">
          Checked against the chain: the Delay holds exactly this transaction.
        </p>
      ) : check ? (
        <p className="error-text" role="alert" data-testid="recovery-mismatch">
          {check === 'mismatch'
            ? 'The gateway’s account of this recovery does not match the chain: do not rely on what is shown, cancel it unless you know it.'
            : 'This recovery could not be checked against the chain.'}
        </p>
      ) : null}
      <p className="recovery-countdown" data-testid="recovery-countdown">
        {expired
          ? 'Expired: it can no longer be executed'
          : ready
            ? item.next
              ? 'Ready: anyone can execute it now'
              : 'Ready once the recovery before it has run or been cancelled'
            : `Can be executed in ${formatDuration(item.executableAt - now)}`}
      </p>
      {item.expiresAt !== null && !expired ? (
        <p className="muted small" data-testid="recovery-expiry">
          Expires in {formatDuration(item.expiresAt - now)}
        </p>
      ) : null}
      {error ? (
        <p className="error-text" role="alert" data-testid="recovery-execute-error">
          {error.shortMessage ?? error.message}
        </p>
      ) : null}
      <div className="tx-actions">
        {canCancel ? (
          <button
            type="button"
            className="button"
            onClick={() => onDraft(cancelDraft(delay.address, delay.queueNonce))}
            data-testid="recovery-cancel"
          >
            Cancel recovery
          </button>
        ) : null}
        {ready && item.next && account && check === 'verified' ? (
          <button
            type="button"
            className="button primary"
            disabled={execute.isPending}
            onClick={() =>
              execute.mutate({
                delay: delay.address,
                functionName: 'executeNextTx',
                tx: { to: item.to, value: BigInt(item.value), data: item.data, operation: item.operation },
              })
            }
            data-testid="recovery-execute"
          >
            {execute.isPending ? 'Waiting for the wallet…' : 'Execute recovery'}
          </button>
        ) : null}
      </div>
    </div>
  )
}
