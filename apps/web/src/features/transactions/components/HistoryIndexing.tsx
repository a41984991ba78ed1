import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { transactionKeys } from '../api/keys'
import { safeIndexingQueryOptions } from '../api/queries'

/**
 * While the gateway reads a Safe's history from the chain (a watched Safe it has just been asked about), how far
 * it got, then how many transactions' details it still reads; the history reloads as they come and once it is
 * complete. Nothing from a gateway that does not say (Safe's own CGW).
 */
export function HistoryIndexing({ chainId, address }: { chainId: string; address: string }) {
  const { data } = useQuery(safeIndexingQueryOptions(chainId, address))
  const queryClient = useQueryClient()
  const complete = data?.complete ?? false
  const pending = data?.pendingExecutions ?? 0
  // Each page of details read (newest first) and the end: the history shows what is read so far.
  useEffect(() => {
    if (complete || pending)
      void queryClient.invalidateQueries({ queryKey: transactionKeys.history(chainId, address) })
  }, [complete, pending, chainId, address, queryClient])
  if (!data || data.complete) return null
  if (!data.watched)
    return (
      <p className="small" role="status" data-testid="history-indexing">
        This gateway indexes only the Safes it watches, and it is not watching this one (it watches as many as
        it may). Ask its operator to add it to the chain's watch list.
      </p>
    )
  if (data.backfilledTo !== null && data.backfilledTo >= (data.indexedBlockNumber ?? 0) && pending)
    return (
      <p className="small" role="status" data-testid="history-indexing">
        Reading the details of {pending.toLocaleString()} more{' '}
        {pending === 1 ? 'transaction' : 'transactions'} from the chain, newest first.
      </p>
    )
  const to = data.indexedBlockNumber ?? 0
  const at = Math.max(data.backfilledTo ?? 0, 0)
  return (
    <p className="small" role="status" data-testid="history-indexing">
      Reading this Safe's history from the chain: block {at.toLocaleString()} of {to.toLocaleString()}.{' '}
      <progress max={Math.max(to, 1)} value={Math.min(at, to)} aria-label="History read so far" />
    </p>
  )
}
