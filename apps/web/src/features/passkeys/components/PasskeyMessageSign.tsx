import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useState } from 'react'
import { type Address, type Hex, isAddressEqual } from 'viem'
import { useConfig } from 'wagmi'
import { contractOwnersSignMessages } from '../messageSupport'
import { type StoredPasskey, useStoredPasskeys } from '../passkeyStore'
import { passkeyErrorText, signHashWithPasskey } from '../webauthn'
import { PasskeyChallenge } from './PasskeyChallenge'

export type PasskeyMessageSignProps = {
  chain: ChainInfo
  safe: Address
  owners: readonly string[]
  /** The Safe's version as the gateway reports it (`1.4.1`, `1.3.0+L2`, …). */
  version: string | null
  signed: readonly Address[]
  /** The Safe message hash computed in this browser (null: it could not be, so nothing is offered). */
  safeMessageHash: Hex | null
  submit: (signature: Hex) => Promise<void>
}

/** "Sign with passkey" for a Safe message, for each passkey owner of this device that has not signed it. */
export function PasskeyMessageSign(props: PasskeyMessageSignProps) {
  const passkeys = useStoredPasskeys(props.chain.chainId, props.safe)
  const usable = passkeys.filter(
    (p) =>
      props.owners.some((o) => isAddressEqual(o as Address, p.signer)) &&
      !props.signed.some((s) => isAddressEqual(s, p.signer)),
  )
  const hash = props.safeMessageHash
  if (!usable.length || !hash) return null
  if (!contractOwnersSignMessages(props.version))
    return (
      <p className="muted small" data-testid="passkey-message-unsupported">
        Your passkey owner cannot sign messages of this Safe (version {props.version ?? 'unknown'}): before
        1.4.1 the Safe hands owner contracts the message in a form the passkey signer does not check. Update
        the Safe to 1.4.1 to sign messages with a passkey.
      </p>
    )
  return (
    <ul className="list" data-testid="passkey-message-sign">
      {usable.map((passkey) => (
        <li key={passkey.credentialId}>
          <PasskeyMessageItem {...props} passkey={passkey} hash={hash} />
        </li>
      ))}
    </ul>
  )
}

function PasskeyMessageItem(props: PasskeyMessageSignProps & { passkey: StoredPasskey; hash: Hex }) {
  const config = useConfig()
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!open)
    return (
      <button
        type="button"
        className="button"
        onClick={() => setOpen(true)}
        data-testid="sign-message-with-passkey"
      >
        Sign with passkey ({props.passkey.label})
      </button>
    )
  const sign = async () => {
    setError(null)
    setBusy(true)
    try {
      const signature = await signHashWithPasskey(
        config,
        Number(props.chain.chainId),
        props.passkey,
        props.hash,
      ).catch((cause) => {
        throw new Error(passkeyErrorText(cause))
      })
      await props.submit(signature)
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause))
    } finally {
      setBusy(false)
    }
  }
  return (
    <div data-testid="passkey-message-review">
      <PasskeyChallenge
        passkey={props.passkey}
        safe={props.safe}
        chain={props.chain}
        hash={props.hash}
        hashLabel="the Safe message hash"
      />
      {error ? (
        <p className="error-text" role="alert" data-testid="passkey-message-error">
          {error}
        </p>
      ) : null}
      <div className="tx-actions">
        <button type="button" className="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
        <button
          type="button"
          className="button primary"
          disabled={busy}
          onClick={() => void sign()}
          data-testid="passkey-sign-message"
        >
          {busy ? 'Waiting for the passkey…' : `Sign with passkey (${props.passkey.label})`}
        </button>
      </div>
    </div>
  )
}
