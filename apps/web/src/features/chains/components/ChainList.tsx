import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { IndexingBadge } from './IndexingBadge'

export type ChainListProps = {
  chains: readonly ChainInfo[]
  /** Chain id of the embedded devnet, marked in the list. */
  devnetChainId?: string | null | undefined
}

/** The gateway's chains: name, chain id, native currency and how far the gateway has indexed each. */
export function ChainList({ chains, devnetChainId }: ChainListProps) {
  return (
    <table className="table" data-testid="chain-list">
      <thead>
        <tr>
          <th scope="col">Chain</th>
          <th scope="col">Chain id</th>
          <th scope="col">Native currency</th>
          <th scope="col">Index</th>
        </tr>
      </thead>
      <tbody>
        {chains.map((chain) => (
          <tr key={chain.chainId} data-testid={`chain-${chain.chainId}`}>
            <td>
              <span className="chain-name">
                <span
                  className="chain-dot"
                  style={{ background: chain.theme?.backgroundColor, color: chain.theme?.textColor }}
                  aria-hidden="true"
                >
                  {chain.chainLogoUri ? (
                    <img src={chain.chainLogoUri} alt="" loading="lazy" />
                  ) : (
                    chain.chainName.charAt(0)
                  )}
                </span>
                {chain.chainName}
                {chain.chainId === devnetChainId ? <span className="badge">Devnet</span> : null}
                {chain.isTestnet && chain.chainId !== devnetChainId ? (
                  <span className="badge muted">Testnet</span>
                ) : null}
              </span>
            </td>
            <td>
              <code>{chain.chainId}</code>
            </td>
            <td>
              {chain.nativeCurrency.name} <span className="muted">({chain.nativeCurrency.symbol})</span>
            </td>
            <td>
              <IndexingBadge chainId={chain.chainId} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
