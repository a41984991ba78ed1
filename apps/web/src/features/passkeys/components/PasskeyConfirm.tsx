import type { ChainInfo, TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { type ReactNode, useState } from 'react'
import { type Address, type Hex, isAddressEqual } from 'viem'
import { useConfig } from 'wagmi'
import { type StoredPasskey, useStoredPasskeys } from '../passkeyStore'
import { passkeyErrorText, signHashWithPasskey } from '../webauthn'
import { PasskeyChallenge } from './PasskeyChallenge'

export type PasskeyConfirmProps = {
  chain: ChainInfo
  safe: Address
  details: TransactionDetails
  /** The Safe's owners (the review checks them on chain again before anything is signed). */
  owners: readonly string[]
  /**
   * The verified review of the transaction, which calls `sign` with the safeTxHash it recomputed and shows
   * `challenge` (what the authenticator will sign) beside it.
   */
  renderReview: (
    passkey: StoredPasskey,
    sign: (safeTxHash: Hex) => Promise<Hex>,
    challenge: (safeTxHash: Hex) => ReactNode,
    done: () => void,
  ) => ReactNode
}

/** "Confirm with passkey" for each passkey of this device that owns the Safe and has not confirmed yet. */
export function PasskeyConfirm(props: PasskeyConfirmProps) {
  const { chain, safe, details, owners } = props
  const config = useConfig()
  const passkeys = useStoredPasskeys(chain.chainId, safe)
  const [open, setOpen] = useState<string | null>(null)
  const info = details.detailedExecutionInfo
  if (info?.type !== 'MULTISIG') return null
  const confirmed = info.confirmations.map((c) => c.signer.value)
  const usable = passkeys.filter(
    (p) =>
      owners.some((o) => isAddressEqual(o as Address, p.signer)) &&
      !confirmed.some((c) => isAddressEqual(c as Address, p.signer)),
  )
  if (!usable.length) return null
  return (
    <ul className="queue-risks small" data-testid="passkey-confirm">
      {usable.map((passkey) => (
        <li key={passkey.credentialId} data-testid="passkey-confirm-item" data-signer={passkey.signer}>
          {open === passkey.credentialId ? (
            props.renderReview(
              passkey,
              (hash) =>
                signHashWithPasskey(config, Number(chain.chainId), passkey, hash).catch((cause) => {
                  throw new Error(passkeyErrorText(cause))
                }),
              (hash) => (
                <PasskeyChallenge
                  passkey={passkey}
                  safe={safe}
                  chain={chain}
                  hash={hash}
                  hashLabel="the SafeTx hash"
                />
              ),
              () => setOpen(null),
            )
          ) : (
            <button
              type="button"
              className="button"
              onClick={() => setOpen(passkey.credentialId)}
              data-testid="confirm-with-passkey"
            >
              Confirm with passkey ({passkey.label})
            </button>
          )}
        </li>
      ))}
    </ul>
  )
}
