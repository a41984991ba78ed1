import { useInfiniteQuery } from '@tanstack/react-query'
import type { Address } from 'viem'
import { EmptyState } from '../../../components/ui/EmptyState'
import { LoadMore } from '../../../components/ui/LoadMore'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { messagesQueryOptions } from '../api/requests'
import type { MessageSafe, RenderOtherSigners } from './MessageDetails'
import { MessagesList } from './MessagesList'
import { NewMessageForm } from './NewMessageForm'

/** The Messages tab: the Safe's off-chain messages, and a form for an owner to start one. */
export function Messages({
  safe,
  account,
  renderOtherSigners,
}: {
  safe: MessageSafe
  account: Address | undefined
  /** Other ways to sign a message than the connected wallet (e.g. this device's passkey owners). */
  renderOtherSigners?: RenderOtherSigners | undefined
}) {
  const query = useInfiniteQuery(messagesQueryOptions(safe.chain.chainId, safe.address))
  const isOwner = !!account && safe.owners.some((o) => o.toLowerCase() === account.toLowerCase())
  return (
    <section className="card" data-testid="messages">
      <h2>Signed and pending messages</h2>
      <p className="muted small">
        Off-chain messages the owners sign for this Safe (EIP-1271). Once enough owners have signed, the
        prepared signature is what a dApp verifies.
      </p>
      <QueryBoundary query={query} errorTitle="Could not load the messages" loading={{ lines: 3 }}>
        {(data) => {
          const items = data.pages.flatMap((p) => p.results)
          return items.length === 0 ? (
            <EmptyState title="No messages" />
          ) : (
            <>
              <MessagesList
                safe={safe}
                items={items}
                account={account}
                renderOtherSigners={renderOtherSigners}
              />
              <LoadMore query={query} errorTitle="Could not load more messages" testId="messages-load-more" />
            </>
          )
        }}
      </QueryBoundary>
      {isOwner && account ? <NewMessageForm safe={safe} account={account} /> : null}
    </section>
  )
}
