import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQueries } from '@tanstack/react-query'
import { Link, useLocation } from 'react-router'
import type { Address } from 'viem'
import { AddSafeOnChain } from '../features/create-safe/components/AddSafeOnChain'
import { safeInfoQueryOptions } from '../features/safe/api/queries'
import { GatewayError } from '../lib/gateway'
import { formatSafeParam, safeHref } from '../lib/safeLink'
import { useRuntime } from './RuntimeContext'
import './safeChainSwitcher.css'

export type SafeChainSwitcherProps = { chain: ChainInfo; address: string }

/**
 * The open Safe's other chains: the gateway's other chains where a Safe answers at the same address (the same
 * Safe created there too). Each link opens the same screen for the Safe on that chain, so switching chain keeps
 * the Safe. On a chain where no Safe is there yet, the Safe can be added by replaying its creation.
 */
export function SafeChainSwitcher({ chain, address }: SafeChainSwitcherProps) {
  const { chains } = useRuntime()
  const { pathname } = useLocation()
  const others = chains.filter((candidate) => candidate.chainId !== chain.chainId)
  // A 404 (no Safe there) is an answer, not a failure to retry.
  const results = useQueries({
    queries: others.map((other) => ({ ...safeInfoQueryOptions(other.chainId, address), retry: false })),
  })
  const deployed = others.filter((_, index) => results[index]?.data)
  const missing = others.filter((_, index) => {
    const error = results[index]?.error
    return error instanceof GatewayError && error.code === 404
  })
  if (deployed.length === 0 && missing.length === 0) return null
  return (
    <div className="safe-chain-switcher" data-testid="safe-chain-switcher">
      {deployed.length > 0 ? <span className="muted small">Also on</span> : null}
      {deployed.map((other) => (
        <Link
          key={other.chainId}
          to={safeHref(pathname, formatSafeParam(other, address))}
          className="chain-badge"
          style={{ background: other.theme?.backgroundColor, color: other.theme?.textColor }}
          title={`This Safe on ${other.chainName}`}
          data-testid="safe-chain-link"
          data-chain-id={other.chainId}
        >
          {other.shortName || other.chainId}
        </Link>
      ))}
      {missing.map((other) => (
        <AddSafeOnChain key={other.chainId} address={address as Address} fromChain={chain} toChain={other} />
      ))}
    </div>
  )
}
