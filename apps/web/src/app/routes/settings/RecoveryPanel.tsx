// Recovery on a Safe screen: the recovery feature's views composed with tx-flow's review (a feature does not
// import another). Owners' setup, removal and cancellation are ordinary Safe transactions proposed through
// NewTxReview; a recoverer's start and anyone's execution are wallet transactions on the Delay.
import type { SafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { type Address, isAddressEqual } from 'viem'
import { queueKeys } from '../../../features/queue/api/keys'
import { recoveryKeys } from '../../../features/recovery/api/keys'
import { recoveryQueryOptions } from '../../../features/recovery/api/queries'
import { PendingRecoveries } from '../../../features/recovery/components/PendingRecoveries'
import { RecoverySetup } from '../../../features/recovery/components/RecoverySetup'
import { StartRecovery } from '../../../features/recovery/components/StartRecovery'
import { useChainNow } from '../../../features/recovery/useChainNow'
import type { RecoveryDraft } from '../../../features/recovery/utils/recoveryDrafts'
import { safeKeys } from '../../../features/safe/api/keys'
import { transactionKeys } from '../../../features/transactions/api/keys'
import { NewTxReview } from '../../../features/tx-flow/components/review/NewTxReview'
import { useOwnerAccess } from '../../../features/tx-flow/useOwnerAccess'
import { formatGatewayError } from '../../../lib/gateway'
import { useWalletAccount } from '../../../lib/walletRuntime'
import type { OpenSafe } from '../../useCurrentSafe'

export type RecoveryPanelProps = {
  safe: OpenSafe
  info: SafeInfo
  /** Settings → Setup shows the setup and its form; the queue only what is pending. */
  mode: 'setup' | 'queue'
}

export function RecoveryPanel({ safe, info, mode }: RecoveryPanelProps) {
  const { chainId } = safe.chain
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { address: account } = useWalletAccount()
  const access = useOwnerAccess(chainId, safe.address, info)
  const recovery = useQuery(recoveryQueryOptions(chainId, safe.address))
  const now = useChainNow(recovery.data?.now, recovery.dataUpdatedAt)
  const [draft, setDraft] = useState<RecoveryDraft | null>(null)

  const refreshSafe = () => {
    void queryClient.invalidateQueries({ queryKey: safeKeys.info(chainId, safe.address) })
    void queryClient.invalidateQueries({ queryKey: transactionKeys.history(chainId, safe.address) })
    void queryClient.invalidateQueries({ queryKey: recoveryKeys.safe(chainId, safe.address) })
  }

  if (recovery.error && mode === 'setup')
    return (
      <p className="error-text" role="alert" data-testid="recovery-error">
        Recovery could not be read: {formatGatewayError(recovery.error)}
      </p>
    )
  if (!recovery.data || now === undefined) return null
  const { delays } = recovery.data
  const owner = access.status === 'owner'

  if (draft && access.status === 'owner')
    return (
      <section className="card" data-testid="recovery-tx-review" aria-label="Review the recovery transaction">
        <h2>{draft.summary}</h2>
        <NewTxReview
          chain={safe.chain}
          safe={safe.address}
          draft={draft}
          account={access.account}
          onBack={() => setDraft(null)}
          onProposed={(details, verified) => {
            void queryClient.invalidateQueries({ queryKey: transactionKeys.queue(chainId, safe.address) })
            void queryClient.invalidateQueries({ queryKey: queueKeys.list(chainId, safe.address) })
            if (verified) navigate(safe.href('/transactions/tx', { id: details.txId }))
          }}
        />
      </section>
    )

  const recovererOf = account
    ? delays.find((delay) => delay.recoverers.some((r) => isAddressEqual(r, account)))
    : undefined
  const pending = (
    <PendingRecoveries
      chainId={chainId}
      safe={safe.address}
      delays={delays}
      now={now}
      canCancel={owner}
      onDraft={setDraft}
      onExecuted={refreshSafe}
    />
  )
  if (mode === 'queue')
    return delays.some((delay) => delay.queue.length > 0) ? <div className="card">{pending}</div> : null
  return (
    <section className="card stack" data-testid="recovery-section" aria-label="Recovery">
      <h2>Recovery</h2>
      {pending}
      {recovererOf ? (
        <StartRecovery
          chainId={chainId}
          safe={safe.address}
          owners={info.owners.map((o) => o.value as Address)}
          delay={recovererOf}
          onStarted={refreshSafe}
        />
      ) : null}
      <RecoverySetup
        chainId={chainId}
        safe={safe.address}
        version={info.version}
        modules={(info.modules ?? []).map((m) => m.value as Address)}
        delays={delays}
        canPropose={owner}
        onDraft={setDraft}
      />
    </section>
  )
}
