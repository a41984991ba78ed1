import { useQuery } from '@tanstack/react-query'
import { queuedNoncesQueryOptions } from '../api/requests'

/**
 * Said on the forms, before the review, when a new transaction takes a nonce the queue already uses: it replaces
 * what is queued there (only one transaction per nonce can ever execute).
 */
export function ReplacingNotice({ chainId, safe, nonce }: { chainId: string; safe: string; nonce: string }) {
  const queued = useQuery(queuedNoncesQueryOptions(chainId, safe))
  if (!/^\d+$/.test(nonce) || !queued.data?.includes(Number(nonce))) return null
  return (
    <div className="banner warning" role="status" data-testid="replacing-notice">
      <p>
        <strong>This transaction replaces the queued transaction at nonce {nonce}.</strong> Only one
        transaction per nonce can be executed: once either runs, the other can never run. To add a transaction
        instead, open New transaction from the sidebar (it takes the next free nonce).
      </p>
    </div>
  )
}
