import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import type { Address } from 'viem'
import { EmptyState } from '../../../components/ui/EmptyState'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { queueKeys } from '../../../features/queue/queries'
import { safeKeys } from '../../../features/safe/queries'
import { transactionDetailsQueryOptions, transactionKeys } from '../../../features/transactions/queries'
import { parseTransactionIdParam } from '../../../features/transactions/utils/transactionId'
import { confirmSafeTx } from '../../../features/tx-flow/api/requests'
import { QueuedTxReview } from '../../../features/tx-flow/components/review/QueuedTxReview'
import { RequireSafe } from '../RequireSafe'

/** `/transactions/sign?safe=…&id=…`: review a queued transaction, checked against the chain, and confirm it. */
export function SignTransactionRoute() {
  const [params] = useSearchParams()
  const id = parseTransactionIdParam(params.get('id'))
  return (
    <section className="page">
      <RequireSafe>
        {(safe) => (
          <>
            <p className="small">
              <Link to={safe.href('/transactions/queue')}>← Queue</Link>
            </p>
            <h1>Review and confirm</h1>
            {id.status === 'ok' ? (
              <SignById
                chain={safe.chain}
                safe={safe.address}
                id={id.id}
                txHref={(txId) => safe.href('/transactions/tx', { id: txId })}
              />
            ) : (
              <div className="card">
                <EmptyState title="No transaction to review">
                  The link names no valid transaction id.
                </EmptyState>
              </div>
            )}
          </>
        )}
      </RequireSafe>
    </section>
  )
}

function SignById({
  chain,
  safe,
  id,
  txHref,
}: {
  chain: ChainInfo
  safe: Address
  id: string
  txHref: (id: string) => string
}) {
  const query = useQuery({ ...transactionDetailsQueryOptions(chain.chainId, id), gcTime: 0 })
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (
    <QueryBoundary
      query={query}
      errorTitle="Could not load the transaction"
      loading={{ lines: 6, label: 'Loading the transaction' }}
      card
    >
      {(details) => (
        <QueuedTxReview
          chain={chain}
          safe={safe}
          details={details}
          onSigned={async (signed) => {
            await confirmSafeTx({
              chainId: chain.chainId,
              safeTxHash: signed.hashes.safeTxHash,
              signature: signed.signature,
            })
            await queryClient.invalidateQueries({ queryKey: transactionKeys.queue(chain.chainId, safe) })
            await queryClient.invalidateQueries({ queryKey: transactionKeys.details(chain.chainId, id) })
            void queryClient.invalidateQueries({ queryKey: queueKeys.list(chain.chainId, safe) })
            void queryClient.invalidateQueries({ queryKey: safeKeys.info(chain.chainId, safe) })
            navigate(txHref(details.txId))
          }}
        />
      )}
    </QueryBoundary>
  )
}
