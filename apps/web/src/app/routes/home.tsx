import { Link, useNavigate } from 'react-router'
import { useAccount } from 'wagmi'
import { AddressView } from '../../components/ui/AddressView'
import { TotalBalance } from '../../features/assets/components/TotalBalance'
import { ChainList } from '../../features/chains/components/ChainList'
import { ReceiveButton } from '../../features/receive/components/ReceiveButton'
import { AddSafeForm } from '../../features/safe/components/AddSafeForm'
import { OwnedSafes } from '../../features/safe/components/OwnedSafes'
import { RecentSafes } from '../../features/safe/components/RecentSafes'
import { SafeSummary } from '../../features/safe/components/SafeSummary'
import { useSettings } from '../../features/settings/useSettings'
import { QueuedCount } from '../../features/transactions/components/QueuedCount'
import { NewTransactionLink } from '../../features/tx-flow/components/NewTransactionLink'
import { AccountSummary } from '../../features/wallet/components/AccountSummary'
import { explorerAddressUrl } from '../../lib/explorer'
import { formatSafeParam, safeHref } from '../../lib/safeLink'
import { useRuntime } from '../RuntimeContext'
import { type OpenSafe, useCurrentSafe } from '../useCurrentSafe'
import { RequireSafe } from './RequireSafe'

/** `/`: the Safe's dashboard when `?safe=` names one, otherwise the Safe picker. */
export function HomeRoute() {
  const current = useCurrentSafe()
  if (current.status === 'none') return <Welcome />
  return (
    <section className="page">
      <h1>Home</h1>
      <RequireSafe>{(safe) => <SafeDashboard safe={safe} />}</RequireSafe>
    </section>
  )
}

function SafeDashboard({ safe }: { safe: OpenSafe }) {
  const { currency, hideSpam } = useSettings()
  return (
    <>
      <div className="card">
        <h2>Total balance</h2>
        <TotalBalance
          chainId={safe.chain.chainId}
          address={safe.address}
          currency={currency}
          hideSpam={hideSpam}
        />
      </div>
      <div className="card">
        <div className="card-toolbar">
          <h2>Queue</h2>
          <NewTransactionLink href={safe.href('/transactions/new')} testId="home-new-transaction" />
        </div>
        <QueuedCount
          chainId={safe.chain.chainId}
          address={safe.address}
          queueHref={safe.href('/transactions/queue')}
        />
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

function Welcome() {
  const { chains, gatewayUrl, runtimeConfig } = useRuntime()
  const { address, chainId } = useAccount()
  const navigate = useNavigate()
  const walletChain = chains.find((chain) => chain.chainId === String(chainId))
  return (
    <section className="page">
      <h1>Welcome to Concord</h1>
      <p className="lead muted">
        A self-hostable wallet for Safe smart accounts: connect a wallet, then pick a Safe to work with.
      </p>
      <div className="card">
        <h2>Your wallet</h2>
        <AccountSummary />
      </div>
      <div className="card">
        <h2>Your Safes</h2>
        <OwnedSafes chains={chains} owner={address} />
      </div>
      <div className="card">
        <h2>Create a Safe</h2>
        <p className="muted small">A new Safe v1.4.1 with the owners and threshold you choose.</p>
        <Link className="button primary" to="/new-safe" data-testid="create-safe-link">
          Create a new Safe
        </Link>
      </div>
      <div className="card">
        <h2>Open a Safe</h2>
        <AddSafeForm
          chains={chains}
          defaultChainId={(walletChain ?? chains[0])?.chainId ?? ''}
          onOpen={(chain, safeAddress) => navigate(safeHref('/', formatSafeParam(chain, safeAddress)))}
        />
      </div>
      <div className="card">
        <h2>Recently opened</h2>
        <RecentSafes chains={chains} />
      </div>
      <div className="card">
        <h2>Chains</h2>
        <p className="muted small">
          {chains.length} {chains.length === 1 ? 'chain' : 'chains'} served by <code>{gatewayUrl}</code>
        </p>
        <ChainList chains={chains} devnetChainId={runtimeConfig.devnetChainId} />
      </div>
    </section>
  )
}
