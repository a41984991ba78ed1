import { useQuery, useQueryClient } from '@tanstack/react-query'
import { QueueView } from '../../../features/queue/components/QueueView'
import { QUEUE_REFRESH_MS } from '../../../features/queue/queries'
import { safeInfoQueryOptions, safeKeys } from '../../../features/safe/queries'
import { TxRow } from '../../../features/transactions/components/TxRow'
import { transactionKeys } from '../../../features/transactions/queries'
import type { OpenSafe } from '../../useCurrentSafe'
import { RequireSafe } from '../RequireSafe'

export function QueueRoute() {
  return <RequireSafe>{(safe) => <SafeQueue safe={safe} />}</RequireSafe>
}

function SafeQueue({ safe }: { safe: OpenSafe }) {
  const { chainId } = safe.chain
  const queryClient = useQueryClient()
  // The Safe info (nonce, owners, threshold) refreshes with the queue: an execution elsewhere shows at once.
  const safeInfo = useQuery({
    ...safeInfoQueryOptions(chainId, safe.address),
    refetchInterval: QUEUE_REFRESH_MS,
  })
  return (
    <div className="card">
      <QueueView
        chain={safe.chain}
        safe={safe.address}
        safeInfo={safeInfo.data}
        renderSummary={(tx) => (
          <TxRow chain={safe.chain} transaction={tx} href={safe.href('/transactions/tx', { id: tx.id })} />
        )}
        replaceHref={undefined}
        onChanged={() => {
          void queryClient.invalidateQueries({ queryKey: safeKeys.info(chainId, safe.address) })
          void queryClient.invalidateQueries({ queryKey: transactionKeys.history(chainId, safe.address) })
          void queryClient.invalidateQueries({ queryKey: transactionKeys.queue(chainId, safe.address) })
        }}
      />
    </div>
  )
}
