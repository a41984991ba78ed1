import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import type { Address } from 'viem'
import { useWalletAccount, useWalletConfig } from '../../../lib/walletRuntime'
import { useReplayCreation } from '../hooks/useReplayCreation'

export type AddSafeOnChainProps = { address: Address; fromChain: ChainInfo; toChain: ChainInfo }

/** A button that creates the open Safe on another chain at the same address, by replaying its creation. */
export function AddSafeOnChain({ address, fromChain, toChain }: AddSafeOnChainProps) {
  const { address: account } = useWalletAccount()
  const config = useWalletConfig()
  const replay = useReplayCreation()
  if (!account || !config) return null
  return (
    <div className="add-safe-on-chain" data-testid="add-safe-on-chain" data-chain-id={toChain.chainId}>
      <button
        type="button"
        className="button small-button"
        disabled={replay.isPending}
        onClick={() =>
          replay.mutate({
            address,
            fromChainId: fromChain.chainId,
            toChainId: toChain.chainId,
            account,
            config,
          })
        }
        data-testid="add-safe-on-chain-button"
      >
        {replay.isPending ? `Adding on ${toChain.chainName}…` : `Add on ${toChain.chainName}`}
      </button>
      <p className="muted small" data-testid="add-safe-on-chain-note">
        Same address, same first setup: it starts there with the owners and threshold it was created with.
        Owner changes made since are made again there.
      </p>
      {replay.error ? (
        <p className="error-text small" role="alert" data-testid="add-safe-on-chain-error">
          {replay.error.message.split('\n')[0]}
        </p>
      ) : null}
    </div>
  )
}
