import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { safeInfoQueryOptions } from '../../features/safe/api/queries'
import { GatewayError } from '../../lib/gateway'
import type { CurrentSafe, OpenSafe } from '../useCurrentSafe'

/**
 * Whether the gateway says there is no Safe at the open address (404): an address that is not a Safe, a Safe on
 * another chain, or one not deployed yet. Other failures (the gateway down) are not that, and say so elsewhere.
 */
export function useSafeMissing(current: CurrentSafe): boolean {
  const open = current.status === 'ok'
  const info = useQuery({
    ...safeInfoQueryOptions(open ? current.chain.chainId : '', open ? current.address : ''),
    enabled: open,
  })
  const error = info.error
  return (
    open &&
    !info.data &&
    error instanceof GatewayError &&
    (error.code === 404 || /^404\b/.test(error.message))
  )
}

/** The one page shown instead of a Safe's screens when there is no Safe at the address. */
export function NoSuchSafe({ safe }: { safe: OpenSafe }) {
  return (
    <section className="page" data-testid="no-such-safe">
      <h1>No Safe at this address</h1>
      <div className="card">
        <p>
          <code className="address">{safe.address}</code> is not a Safe on {safe.chain.chainName}: nothing can
          be shown, received or proposed for it here.
        </p>
        <ul className="small">
          <li>Is it a Safe on another network? Open it with that network's prefix.</li>
          <li>Was it just created? A Safe appears once its creation is on chain.</li>
          <li>Is it an owner's or a token's address? Those are not Safes.</li>
        </ul>
        <p>
          <Link to="/" className="button primary">
            Choose a Safe
          </Link>
        </p>
      </div>
    </section>
  )
}
