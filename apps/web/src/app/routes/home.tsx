import { ChainList } from '../../features/chains/components/ChainList'
import { AccountSummary } from '../../features/wallet/components/AccountSummary'
import { useRuntime } from '../RuntimeContext'

export function HomeRoute() {
  const { chains, gatewayUrl, runtimeConfig } = useRuntime()
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
        <h2>Chains</h2>
        <p className="muted small">
          {chains.length} {chains.length === 1 ? 'chain' : 'chains'} served by <code>{gatewayUrl}</code>
        </p>
        <ChainList chains={chains} devnetChainId={runtimeConfig.devnetChainId} />
      </div>
    </section>
  )
}
