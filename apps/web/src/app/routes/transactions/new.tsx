import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { balancesQueryOptions, collectiblesQueryOptions } from '../../../features/assets/api/queries'
import { queueKeys } from '../../../features/queue/api/keys'
import { safeKeys } from '../../../features/safe/api/keys'
import { safeInfoQueryOptions } from '../../../features/safe/api/queries'
import { useSettings } from '../../../features/settings/useSettings'
import { transactionKeys } from '../../../features/transactions/api/keys'
import type { TxFlowAssets } from '../../../features/tx-flow/components/forms/formTypes'
import { isSettingsAction } from '../../../features/tx-flow/components/forms/SettingsForm'
import { isLimitAction } from '../../../features/tx-flow/components/forms/SpendingLimitForm'
import { isTxKind, NewTransaction } from '../../../features/tx-flow/components/NewTransaction'
import type { OpenSafe } from '../../useCurrentSafe'
import { RequireSafe } from '../RequireSafe'

/**
 * `/transactions/new?safe=…&kind=send|nft|contract|settings`, optionally with `token=0x…` (asset rows),
 * `collectible=0x…:id` (NFTs), `action=…&target=0x…` (Settings → Setup), `limit=set|reset|delete&beneficiary=0x…`
 * (Settings → Spending limits) or `nonce=` (replace a queued one).
 */
export function NewTransactionRoute() {
  return (
    <section className="page">
      <RequireSafe>
        {(safe) => (
          <>
            <p className="small">
              <Link to={safe.href('/transactions/queue')}>← Transactions</Link>
            </p>
            <h1>New transaction</h1>
            <NewTransactionScreen safe={safe} />
          </>
        )}
      </RequireSafe>
    </section>
  )
}

function useAssets(chainId: string, address: string): TxFlowAssets {
  const { currency, hideSpam } = useSettings()
  const balances = useQuery(balancesQueryOptions(chainId, address, currency, hideSpam))
  const collectibles = useInfiniteQuery(collectiblesQueryOptions(chainId, address, hideSpam))
  return {
    balances,
    collectibles: {
      data: collectibles.data?.pages.flatMap((page) => page.results),
      error: collectibles.error,
      isFetching: collectibles.isFetching,
      hasMore: collectibles.hasNextPage,
      loadMore: () => void collectibles.fetchNextPage(),
    },
  }
}

function NewTransactionScreen({ safe }: { safe: OpenSafe }) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { chainId } = safe.chain
  const info = useQuery(safeInfoQueryOptions(chainId, safe.address))
  const assets = useAssets(chainId, safe.address)
  const kind = params.get('kind')
  const action = params.get('action')
  return (
    <QueryBoundary
      query={info}
      errorTitle="Could not load the Safe"
      loading={{ lines: 5, label: 'Loading the Safe' }}
      card
    >
      {(data) => (
        <NewTransaction
          // A new link (e.g. another asset row's Send) starts a fresh form.
          key={params.toString()}
          chain={safe.chain}
          safe={safe.address}
          info={data}
          assets={assets}
          initial={{
            kind: isTxKind(kind) ? kind : action ? 'settings' : 'send',
            token: params.get('token') ?? undefined,
            collectible: params.get('collectible') ?? undefined,
            action: isSettingsAction(action) ? action : undefined,
            target: params.get('target') ?? undefined,
            nonce: params.get('nonce') ?? undefined,
            limit: {
              action: isLimitAction(params.get('limit')) ? (params.get('limit') as never) : undefined,
              beneficiary: params.get('beneficiary') ?? undefined,
            },
          }}
          onProposed={(details, verified) => {
            void queryClient.invalidateQueries({ queryKey: transactionKeys.queue(chainId, safe.address) })
            void queryClient.invalidateQueries({ queryKey: queueKeys.list(chainId, safe.address) })
            void queryClient.invalidateQueries({ queryKey: safeKeys.info(chainId, safe.address) })
            if (verified) navigate(safe.href('/transactions/tx', { id: details.txId }))
          }}
          queueHref={safe.href('/transactions/queue')}
          onSubmittedToHost={() => {
            void queryClient.invalidateQueries({ queryKey: transactionKeys.queue(chainId, safe.address) })
            void queryClient.invalidateQueries({ queryKey: queueKeys.list(chainId, safe.address) })
          }}
        />
      )}
    </QueryBoundary>
  )
}
