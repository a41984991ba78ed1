import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import type { Address } from 'viem'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { queueKeys } from '../../../features/queue/api/keys'
import { safeKeys } from '../../../features/safe/api/keys'
import { transactionKeys } from '../../../features/transactions/api/keys'
import { transactionDetailsQueryOptions } from '../../../features/transactions/api/queries'
import { confirmSafeTx } from '../../../features/tx-flow/api/requests'
import { QueuedTxReview } from '../../../features/tx-flow/components/review/QueuedTxReview'
import { TransactionIdPage } from './TransactionIdPage'

/** `/transactions/sign?safe=…&id=…`: review a queued transaction, checked against the chain, and confirm it. */
export function SignTransactionRoute() {
  return (
    <TransactionIdPage title="Review and confirm" back={{ path: '/transactions/queue', label: '← Queue' }}>
      {(safe, id) => (
        <SignById
          chain={safe.chain}
          safe={safe.address}
          id={id}
          txHref={(txId) => safe.href('/transactions/tx', { id: txId })}
        />
      )}
    </TransactionIdPage>
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
