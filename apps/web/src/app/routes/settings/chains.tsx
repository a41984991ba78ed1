import { ChainList } from '../../../features/chains/components/ChainList'
import { AccountSummary } from '../../../features/wallet/components/AccountSummary'
import { useRuntime } from '../../RuntimeContext'

/** Settings → Chains: the connected wallet's status and the chains this gateway serves. */
export function ChainsSettingsRoute() {
  const { chains, gatewayUrl, runtimeConfig } = useRuntime()
  return (
    <>
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
    </>
  )
}
