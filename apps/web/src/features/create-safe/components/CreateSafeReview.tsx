import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, formatGwei, isAddressEqual } from 'viem'
import { useSwitchChain } from 'wagmi'
import { AddressView } from '../../../components/ui/AddressView'
import { explorerAddressUrl } from '../../../lib/explorer'
import { useCreationFee } from '../hooks/useCreationFee'
import { formatNativeAmount } from '../utils/networkFee'
import type { ValidNewSafe } from '../utils/newSafeForm'
import { NEW_SAFE_CONTRACTS, NEW_SAFE_VERSION } from '../utils/predictSafeAddress'

export type CreateSafeReviewProps = {
  chain: ChainInfo
  safe: ValidNewSafe
  predicted: Address
  /** More chains it is created on, at the same address, after `chain`. */
  alsoOn?: readonly ChainInfo[]
  /** A contract appeared at the predicted address since the form (someone deployed the same Safe). */
  taken: boolean
  account: Address | undefined
  walletChainId: number | undefined
  deploying: boolean
  /** Why the last deployment did not happen, in a sentence; the review stays for another try. */
  error: string | null
  onBack: () => void
  onConfirm: () => void
  /** Keep it counterfactual: no transaction now, deployed with its first action (absent: not offered). */
  onCounterfactual?: () => void
}

/** Everything the deployment will do, checked before the wallet is asked: then Back to edit, or Create. */
export function CreateSafeReview(props: CreateSafeReviewProps) {
  const { chain, safe, predicted, account } = props
  const chainId = Number(chain.chainId)
  const fee = useCreationFee({ chainId, account, safe, enabled: !props.deploying })
  const { switchChain, isPending: switching } = useSwitchChain()
  const address = (value: Address, testId?: string) => (
    <AddressView
      address={value}
      chainId={chain.chainId}
      explorerUrl={explorerAddressUrl(chain, value)}
      testId={testId}
      badge={account && isAddressEqual(value, account) ? 'you' : undefined}
    />
  )

  return (
    <div className="form create-safe" data-testid="create-safe-review">
      <h2>Review</h2>
      <dl className="kv">
        <dt>Network</dt>
        <dd data-testid="review-network">{chain.chainName}</dd>
        {props.alsoOn?.length ? (
          <>
            <dt>Also on</dt>
            <dd data-testid="review-also-on">
              {props.alsoOn.map((other) => other.chainName).join(', ')}{' '}
              <span className="muted small">
                (same address; one deployment each, your wallet switches chain)
              </span>
            </dd>
          </>
        ) : null}
        <dt>Name</dt>
        <dd data-testid="review-name">
          {safe.name ?? <span className="muted">No name (you can rename it later)</span>}
        </dd>
        <dt>Owners</dt>
        <dd>
          <ol className="owner-list" data-testid="review-owners">
            {safe.owners.map((owner) => (
              <li key={owner}>{address(owner, 'review-owner')}</li>
            ))}
          </ol>
        </dd>
        <dt>Threshold</dt>
        <dd data-testid="review-threshold">
          {safe.threshold} of {safe.owners.length}
        </dd>
        <dt>Address</dt>
        <dd>{address(predicted, 'review-address')}</dd>
        <dt>Safe version</dt>
        <dd data-testid="review-version">{NEW_SAFE_VERSION} (SafeL2)</dd>
        <dt>Singleton</dt>
        <dd>{address(NEW_SAFE_CONTRACTS.singleton)}</dd>
        <dt>Fallback handler</dt>
        <dd>{address(NEW_SAFE_CONTRACTS.fallbackHandler)}</dd>
        <dt>Proxy factory</dt>
        <dd>{address(NEW_SAFE_CONTRACTS.factory)}</dd>
        <dt>Salt nonce</dt>
        <dd>
          <code data-testid="review-salt">{safe.saltNonce.toString()}</code>
        </dd>
        <dt>Network fee</dt>
        <dd data-testid="review-fee" data-state={fee.status}>
          {fee.data ? (
            <>
              ≈ {formatNativeAmount(fee.data.fee, chain.nativeCurrency)}{' '}
              <span className="muted small">
                at most: {fee.data.gas.toLocaleString('en-US')} gas at {formatGwei(fee.data.maxFeePerGas)}{' '}
                gwei, paid by your wallet
              </span>
            </>
          ) : fee.isError ? (
            <span className="muted">
              Could not estimate the network fee ({fee.error.message.split('\n')[0]}). Your wallet shows the
              fee before you confirm.
            </span>
          ) : (
            <span className="muted">Estimating…</span>
          )}
        </dd>
      </dl>

      {props.taken ? (
        <p className="error-text" data-testid="address-taken">
          A contract already exists at this address: go back and change the salt nonce.
        </p>
      ) : null}
      {props.error ? (
        <p className="error-text" role="alert" data-testid="create-safe-error">
          {props.error}
        </p>
      ) : null}
      <div className="form-row">
        <button
          type="button"
          className="button"
          onClick={props.onBack}
          disabled={props.deploying}
          data-testid="create-safe-back"
        >
          Back
        </button>
        {!account ? (
          <p className="muted">Connect a wallet to pay for the deployment.</p>
        ) : props.walletChainId !== chainId ? (
          <button
            type="button"
            className="button"
            disabled={switching}
            onClick={() => switchChain({ chainId })}
          >
            Switch wallet to {chain.chainName}
          </button>
        ) : (
          <button
            type="button"
            className="button primary"
            disabled={props.deploying || props.taken}
            onClick={props.onConfirm}
            data-testid="create-safe-confirm"
          >
            {props.deploying ? 'Creating… confirm in your wallet' : 'Create Safe'}
          </button>
        )}
        {props.onCounterfactual && !props.deploying && !props.taken ? (
          <button
            type="button"
            className="button"
            onClick={props.onCounterfactual}
            data-testid="create-safe-counterfactual"
          >
            Create without deploying
          </button>
        ) : null}
      </div>
    </div>
  )
}
