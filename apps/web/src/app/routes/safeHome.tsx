import { AddressView } from '../../components/ui/AddressView'
import { TopAssets } from '../../features/assets/components/TopAssets'
import { TotalBalance } from '../../features/assets/components/TotalBalance'
import { ReceiveButton } from '../../features/receive/components/ReceiveButton'
import { SafeSummary } from '../../features/safe/components/SafeSummary'
import { useSettings } from '../../features/settings/useSettings'
import { LatestTransactions } from '../../features/transactions/components/LatestTransactions'
import { QueuedCount } from '../../features/transactions/components/QueuedCount'
import { NewTransactionLink } from '../../features/tx-flow/components/NewTransactionLink'
import { explorerAddressUrl } from '../../lib/explorer'
import type { OpenSafe } from '../useCurrentSafe'
import { RequireSafe } from './RequireSafe'

/** The dashboard of the Safe named by `?safe=`: balance, queue, top assets, latest transactions, setup. */
export function SafeHome() {
  return (
    <section className="page">
      <h1>Home</h1>
      <RequireSafe>{(safe) => <SafeDashboard safe={safe} />}</RequireSafe>
    </section>
  )
}

function SafeDashboard({ safe }: { safe: OpenSafe }) {
  const { currency, hideSpam } = useSettings()
  const { chainId } = safe.chain
  return (
    <>
      <div className="card">
        <h2>Total balance</h2>
        <TotalBalance chainId={chainId} address={safe.address} currency={currency} hideSpam={hideSpam} />
      </div>
      <div className="dashboard-columns" data-testid="home-columns">
        <div className="dashboard-column">
          <div className="card">
            <div className="card-toolbar">
              <h2>Queue</h2>
              <NewTransactionLink href={safe.href('/transactions/new')} testId="home-new-transaction" />
            </div>
            <QueuedCount
              chainId={chainId}
              address={safe.address}
              queueHref={safe.href('/transactions/queue')}
            />
          </div>
          <div className="card">
            <h2>Top assets</h2>
            <TopAssets
              chainId={chainId}
              address={safe.address}
              currency={currency}
              hideSpam={hideSpam}
              assetsHref={safe.href('/assets')}
            />
          </div>
        </div>
        <div className="dashboard-column">
          <div className="card">
            <h2>Latest transactions</h2>
            <LatestTransactions
              chain={safe.chain}
              address={safe.address}
              txHref={(id) => safe.href('/transactions/tx', { id })}
              historyHref={safe.href('/transactions/history')}
            />
          </div>
        </div>
      </div>
      <div className="card">
        <h2>Safe</h2>
        <div className="card-toolbar">
          <p className="muted small">
            <AddressView
              address={safe.address}
              explorerUrl={explorerAddressUrl(safe.chain, safe.address)}
              testId="safe-address"
            />{' '}
            on {safe.chain.chainName}
          </p>
          <ReceiveButton chain={safe.chain} address={safe.address} />
        </div>
        <SafeSummary chain={safe.chain} address={safe.address} />
      </div>
    </>
  )
}
