import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useAccount } from 'wagmi'
import { ParentApprovals } from '../../../features/nested-safes/components/ParentApprovals'
import { TxRowNote } from '../../../features/notes/components/TxRowNote'
import { queueKeys } from '../../../features/queue/api/keys'
import { QUEUE_REFRESH_MS } from '../../../features/queue/api/queries'
import { QueueView } from '../../../features/queue/components/QueueView'
import { safeKeys } from '../../../features/safe/api/keys'
import { safeInfoQueryOptions } from '../../../features/safe/api/queries'
import { transactionKeys } from '../../../features/transactions/api/keys'
import { TxRow } from '../../../features/transactions/components/TxRow'
import { confirmSafeTx } from '../../../features/tx-flow/api/requests'
import { CallReview } from '../../../features/tx-flow/components/review/CallReview'
import { ParentApprovalReview } from '../../../features/tx-flow/components/review/ParentApprovalReview'
import { QueuedTxReview } from '../../../features/tx-flow/components/review/QueuedTxReview'
import { QueueRowRisks } from '../../../features/tx-flow/components/review/RisksPanel'
import { ExportSignedTx } from '../../../features/tx-flow/components/verify/ExportSignedTx'
import type { DecodedCall } from '../../../features/tx-flow/verify/checkDecoded'
import { pollUnlessLive } from '../../../lib/liveStatus'
import type { OpenSafe } from '../../useCurrentSafe'
import { RequireSafe } from '../RequireSafe'
import { RecoveryPanel } from '../settings/RecoveryPanel'
import { QueuePasskeyConfirm } from './QueuePasskeyConfirm'

export function QueueRoute() {
  return <RequireSafe>{(safe) => <SafeQueue safe={safe} />}</RequireSafe>
}

/** The queue, with the transaction rows, the confirm review and the replace link of the other features. */
function SafeQueue({ safe }: { safe: OpenSafe }) {
  const { address: account } = useAccount()
  const { chain } = safe
  const { chainId } = chain
  const queryClient = useQueryClient()
  // The Safe info (nonce, owners, threshold) refreshes with the queue: an execution elsewhere shows at once.
  const safeInfo = useQuery({
    ...safeInfoQueryOptions(chainId, safe.address),
    refetchInterval: pollUnlessLive(QUEUE_REFRESH_MS),
  })
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: safeKeys.info(chainId, safe.address) })
    void queryClient.invalidateQueries({ queryKey: transactionKeys.history(chainId, safe.address) })
    void queryClient.invalidateQueries({ queryKey: transactionKeys.queue(chainId, safe.address) })
    void queryClient.invalidateQueries({ queryKey: queueKeys.list(chainId, safe.address) })
  }
  return (
    <div className="card">
      {safeInfo.data ? <RecoveryPanel safe={safe} info={safeInfo.data} mode="queue" /> : null}
      <QueueView
        chain={chain}
        safe={safe.address}
        safeInfo={safeInfo.data}
        renderSummary={(tx) => (
          <TxRow
            chain={chain}
            transaction={tx}
            href={safe.href('/transactions/tx', { id: tx.id })}
            note={<TxRowNote chainId={chainId} safe={safe.address} txId={tx.id} />}
          />
        )}
        renderConfirm={(details, done) => (
          <QueuedTxReview
            chain={chain}
            safe={safe.address}
            details={details}
            submitLabel="Sign confirmation"
            onSigned={async (signed) => {
              await confirmSafeTx({
                chainId,
                safeTxHash: signed.hashes.safeTxHash,
                signature: signed.signature,
              })
              done()
            }}
          />
        )}
        renderCallReview={(tx, details, onHeldChange) => (
          <CallReview
            chain={chain}
            safe={safe.address}
            call={tx}
            decoded={details.txData?.dataDecoded as DecodedCall | null | undefined}
            onHeldChange={onHeldChange}
          />
        )}
        renderOwnerSafes={(details) =>
          safeInfo.data ? (
            <>
              <QueuePasskeyConfirm
                chain={chain}
                safe={safe.address}
                details={details}
                owners={safeInfo.data.owners.map((owner) => owner.value)}
                onChanged={refresh}
              />
              <ParentApprovals
                chain={chain}
                child={safe.address}
                details={details}
                owners={safeInfo.data.owners.map((owner) => owner.value)}
                renderSign={(parent, draft, done, proposerOnly) =>
                  account ? (
                    <ParentApprovalReview
                      chain={chain}
                      child={safe.address}
                      childDetails={details}
                      parent={parent}
                      draft={draft}
                      account={account}
                      proposerOnly={proposerOnly}
                      onDone={done}
                    />
                  ) : null
                }
                queueHref={(parent) =>
                  `/transactions/queue?safe=${encodeURIComponent(`${chain.shortName}:${parent}`)}`
                }
                onChanged={refresh}
              />
            </>
          ) : null
        }
        renderRisks={(details) => <QueueRowRisks details={details} safe={safe.address} />}
        renderExport={(details) => <ExportSignedTx chain={chain} safe={safe.address} details={details} />}
        replaceHref={(nonce) => safe.href('/transactions/new', { nonce: String(nonce) })}
        onChanged={refresh}
      />
    </div>
  )
}
