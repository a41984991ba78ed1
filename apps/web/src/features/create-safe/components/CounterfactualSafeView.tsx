import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { formatEther } from 'viem'
import { AddressView } from '../../../components/ui/AddressView'
import { formatTokenAmount } from '../../../lib/format'
import { useWalletAccount, useWalletConfig } from '../../../lib/walletRuntime'
import type { CounterfactualSafe } from '../counterfactualSafes'
import { useActivateSafe } from '../hooks/useActivateSafe'
import { useCounterfactualBalances } from '../hooks/useCounterfactualBalances'

/**
 * A Safe created in this browser but not deployed yet: its address, what it has received (the native balance
 * and tokens are held at the address before any code is), and "Activate", which deploys it with its stored setup.
 */
export function CounterfactualSafeView({ chain, safe }: { chain: ChainInfo; safe: CounterfactualSafe }) {
  const balances = useCounterfactualBalances(chain, safe)
  const { address: account } = useWalletAccount()
  const config = useWalletConfig()
  const activate = useActivateSafe()
  return (
    <section className="page" data-testid="counterfactual-safe" data-address={safe.address}>
      <h1>Not deployed yet</h1>
      <div className="card">
        <AddressView address={safe.address} chainId={chain.chainId} />
        <p className="muted">
          This Safe ({safe.threshold} of {safe.owners.length} owners) exists only as an address on{' '}
          {chain.chainName}: it can receive funds now, and is deployed with its first action.
        </p>
        <p data-testid="counterfactual-balance">
          {balances.data !== undefined
            ? `${formatEther(balances.data.native)} ${chain.nativeCurrency.symbol}`
            : balances.isError
              ? 'Balance unavailable'
              : 'Loading…'}
        </p>
        {balances.data?.tokens.length ? (
          <ul className="list" aria-label="Tokens received">
            {balances.data.tokens.map((t) => (
              <li key={t.address} data-testid="counterfactual-token" data-token={t.address}>
                {formatTokenAmount(t.balance, t.decimals)} {t.symbol}
              </li>
            ))}
          </ul>
        ) : null}
        {balances.data?.partial ? (
          <p className="muted small">Tokens sent long before these blocks are not looked for.</p>
        ) : null}
        {activate.error ? (
          <p className="error-text" role="alert" data-testid="activate-error">
            {activate.error.message.split('\n')[0]}
          </p>
        ) : null}
        {account && config ? (
          <button
            type="button"
            className="button primary"
            disabled={activate.isPending}
            onClick={() => activate.mutate({ safe, account, config })}
            data-testid="activate-safe"
          >
            {activate.isPending ? 'Activating… confirm in your wallet' : 'Activate (deploy the Safe)'}
          </button>
        ) : (
          <p className="muted">Connect a wallet to deploy it.</p>
        )}
      </div>
    </section>
  )
}
