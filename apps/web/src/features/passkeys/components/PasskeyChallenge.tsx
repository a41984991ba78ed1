import { base64UrlChallenge } from '@concord/safe/passkeys'
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import type { Address, Hex } from 'viem'
import type { StoredPasskey } from '../passkeyStore'

/** What the authenticator signs: the hash the Safe asks the signer about, as the WebAuthn challenge. */
export function PasskeyChallenge(props: {
  passkey: StoredPasskey
  safe: Address
  chain: ChainInfo
  hash: Hex
  /** What the hash is ("the SafeTx hash", "the Safe message hash"). */
  hashLabel: string
}) {
  return (
    <div className="review-panel" data-testid="passkey-challenge">
      <h3>What your passkey signs</h3>
      <dl className="kv">
        <dt>Challenge ({props.hashLabel})</dt>
        <dd data-testid="passkey-challenge-hash">{props.hash}</dd>
        <dt>As the authenticator sees it (base64url)</dt>
        <dd>{base64UrlChallenge(props.hash)}</dd>
        <dt>For the Safe</dt>
        <dd>
          {props.safe} on {props.chain.chainName} (chain {props.chain.chainId})
        </dd>
        <dt>Signing owner</dt>
        <dd>
          {props.passkey.signer} ({props.passkey.label})
        </dd>
      </dl>
      <p className="muted small">
        Your device's prompt names only this site. The signer contract checks the signature against this hash,
        and this browser asks it on chain before sending the signature.
      </p>
    </div>
  )
}
