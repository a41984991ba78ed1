import { useEffect, useState } from 'react'
import { useAccount, useChains, useDisconnect, useSwitchChain } from 'wagmi'
import { isSwitchChainUnsupported } from '../isSwitchChainUnsupported'

export const WRONG_NETWORK_TEXT = 'Wrong network detected, switch or disconnect to continue.'
export const SWITCH_UNSUPPORTED_TEXT =
  'Your wallet does not support switching networks from this app. Try switching networks from within your wallet instead.'

const errorText = (error: Error) => ('shortMessage' in error ? String(error.shortMessage) : error.message)

/** Shown while the connected wallet is on a chain the gateway does not serve. */
export function WrongNetworkBanner() {
  const { status, chain, chainId } = useAccount()
  const chains = useChains()
  const { switchChain, error, isPending, reset } = useSwitchChain()
  const { disconnect } = useDisconnect()
  const [targetId, setTargetId] = useState(chains[0].id)

  // A new chain (switched in the wallet) clears the previous attempt's error.
  useEffect(() => {
    if (chainId !== undefined) reset()
  }, [chainId, reset])

  if (status !== 'connected' || chain) return null

  return (
    <div className="banner warning" role="alert" data-testid="wrong-network-banner">
      <p>
        <strong>{WRONG_NETWORK_TEXT}</strong>
        <span className="muted small"> (wallet chain id {chainId})</span>
      </p>
      <div className="banner-actions">
        <select
          aria-label="Network to switch to"
          value={targetId}
          onChange={(event) => setTargetId(Number(event.target.value))}
        >
          {chains.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="button primary"
          disabled={isPending}
          onClick={() => switchChain({ chainId: targetId })}
        >
          {isPending ? 'Switching…' : 'Switch network'}
        </button>
        <button type="button" className="button" onClick={() => disconnect()}>
          Disconnect
        </button>
      </div>
      {error ? (
        <p className="error-text" data-testid="switch-network-error">
          {isSwitchChainUnsupported(error) ? SWITCH_UNSUPPORTED_TEXT : errorText(error)}
        </p>
      ) : null}
    </div>
  )
}
