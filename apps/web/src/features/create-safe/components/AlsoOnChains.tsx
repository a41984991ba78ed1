import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import type { Address } from 'viem'
import { usePredictedSafe } from '../hooks/usePredictedSafe'
import type { ValidNewSafe } from '../utils/newSafeForm'

export type AlsoOnChainsProps = {
  /** The chains besides the one chosen above. */
  chains: readonly ChainInfo[]
  selected: readonly string[]
  onChange: (selected: string[]) => void
  safe: ValidNewSafe | undefined
  /** The address predicted on the chain chosen above. */
  predicted: Address | undefined
}

/**
 * "Also create on": the same Safe (same factory, singleton, initializer and salt) on more chains. Each chain's
 * own factory predicts the address there, so a chain whose factory would give another address says so.
 */
export function AlsoOnChains({ chains, selected, onChange, safe, predicted }: AlsoOnChainsProps) {
  if (chains.length === 0) return null
  return (
    <fieldset className="also-on-chains" data-testid="create-safe-also-on">
      <legend>Also create it on</legend>
      {chains.map((chain) => (
        <AlsoOnChain
          key={chain.chainId}
          chain={chain}
          checked={selected.includes(chain.chainId)}
          onToggle={(checked) =>
            onChange(checked ? [...selected, chain.chainId] : selected.filter((id) => id !== chain.chainId))
          }
          safe={safe}
          predicted={predicted}
        />
      ))}
      <p className="muted small">
        The same owners, threshold and salt give the same address on each chain: your wallet pays one
        deployment per chain.
      </p>
    </fieldset>
  )
}

type AlsoOnChainProps = {
  chain: ChainInfo
  checked: boolean
  onToggle: (checked: boolean) => void
  safe: ValidNewSafe | undefined
  predicted: Address | undefined
}

function AlsoOnChain({ chain, checked, onToggle, safe, predicted }: AlsoOnChainProps) {
  const there = usePredictedSafe(Number(chain.chainId), safe)
  const differs = !!there.address && !!predicted && there.address !== predicted
  return (
    <label className="also-on-chain" data-testid="also-on-chain" data-chain-id={chain.chainId}>
      <input
        type="checkbox"
        checked={checked}
        disabled={there.noFactory || differs}
        onChange={(e) => onToggle(e.target.checked)}
      />
      {chain.chainName}
      <span className="muted small" data-testid="also-on-status">
        {there.noFactory
          ? 'no Safe v1.4.1 factory there'
          : differs
            ? `another address there (${there.address})`
            : there.taken
              ? 'already deployed there'
              : there.address
                ? 'same address'
                : ''}
      </span>
    </label>
  )
}
