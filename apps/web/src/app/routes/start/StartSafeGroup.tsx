import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { Identicon } from '../../../components/ui/Identicon'
import { StartSafeRow } from './StartSafeRow'

export type StartSafeGroupProps = { address: string; chains: readonly ChainInfo[] }

/**
 * One Safe address on several chains (the same Safe created at the same address on each): the address once, then
 * a row per chain with its threshold, its total and a link that opens it there.
 */
export function StartSafeGroup({ address, chains }: StartSafeGroupProps) {
  return (
    <li className="start-safe-group" data-testid="owned-safe-group" data-address={address}>
      <div className="start-safe-head">
        <Identicon value={address} />
        <code className="address">{address}</code>
        <span className="badge muted" data-testid="owned-safe-group-count">
          on {chains.length} chains
        </span>
      </div>
      <ul className="start-safes">
        {chains.map((chain) => (
          <StartSafeRow key={chain.chainId} chain={chain} address={address} />
        ))}
      </ul>
    </li>
  )
}

/** The Safes by address (case-insensitive), in the order each address first appears, with its chains. */
export function groupByAddress(safes: readonly { chain: ChainInfo; address: string }[]) {
  const groups = new Map<string, { address: string; chains: ChainInfo[] }>()
  for (const { chain, address } of safes) {
    const key = address.toLowerCase()
    const group = groups.get(key) ?? { address, chains: [] }
    group.chains.push(chain)
    groups.set(key, group)
  }
  return [...groups.values()]
}
