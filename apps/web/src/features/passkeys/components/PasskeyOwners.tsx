import { safeAbi } from '@concord/safe/contracts'
import { chainPasskeyVerifiers, createSignerCall } from '@concord/safe/passkeys'
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useState } from 'react'
import { type Address, encodeFunctionData, type Hex, hexToBigInt, isAddressEqual } from 'viem'
import { useConfig } from 'wagmi'
import { BusyButton } from '../../../components/ui/BusyButton'
import { shortAddress } from '../../../lib/format'
import { passkeySignerOwnersQueryOptions } from '../passkeyOwnersOnChain'
import { removePasskey, type StoredPasskey, savePasskey, useStoredPasskeys } from '../passkeyStore'
import { createPasskey, passkeyErrorText, signerAddressFor } from '../webauthn'

/** The calls that make a passkey an owner: the factory creates its signer, the Safe adds it (one batch). */
export type PasskeyOwnerDraft = {
  calls: { to: Address; value: bigint; data: Hex; operation: 0 }[]
  summary: string
  signer: Address
}

export type PasskeyOwnersProps = {
  chain: ChainInfo
  safe: Address
  owners: readonly string[]
  threshold: number
  /** The review that signs and proposes the draft as one Safe transaction (the caller builds the batch). */
  renderPropose: (draft: PasskeyOwnerDraft, done: () => void) => ReactNode
}

/**
 * Settings section: this device's passkeys for the Safe, and "add a passkey of this device as owner": a WebAuthn
 * credential is created, the signer address the factory gives its public key is read from the chain, the
 * passkey is remembered in this browser, and one owner-change transaction (create signer, add owner) is proposed.
 */
export function PasskeyOwners(props: PasskeyOwnersProps) {
  const { chain, safe, owners } = props
  const passkeys = useStoredPasskeys(chain.chainId, safe)
  const [adding, setAdding] = useState(false)
  const [draft, setDraft] = useState<PasskeyOwnerDraft | null>(null)
  const isOwner = (signer: Address) => owners.some((o) => isAddressEqual(o as Address, signer))
  return (
    <section className="card stack" data-testid="passkey-owners" aria-labelledby="passkey-owners-title">
      <h2 id="passkey-owners-title">Passkeys of this device</h2>
      <p className="muted small">
        A passkey (Touch ID, Windows Hello, a security key) can be an owner of this Safe through a signer
        contract Safe's passkey module deploys for it. It signs confirmations in this browser. This browser
        remembers which passkey signs for which owner: if its site data is cleared, the owner stays on the
        Safe but cannot sign from here any more; replace that owner with an owner change (its passkey cannot
        be found again by its address).
      </p>
      {passkeys.length ? (
        <ul className="list" data-testid="passkey-list">
          {passkeys.map((p) => (
            <li key={p.credentialId} className="list-item" data-testid="passkey-item" data-signer={p.signer}>
              <span>
                <strong>{p.label}</strong> <span className="muted small">owner address {p.signer}</span>
              </span>
              <span className="badge" data-testid="passkey-status">
                {isOwner(p.signer) ? 'Owner' : 'Not an owner yet'}
              </span>
              <ForgetButton passkey={p} owner={isOwner(p.signer)} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted" data-testid="no-passkeys">
          No passkey of this device is known for this Safe.
        </p>
      )}
      <UnknownPasskeyOwners {...props} known={passkeys.map((p) => p.signer)} />
      {draft ? (
        <div data-testid="passkey-owner-review">
          {props.renderPropose(draft, () => {
            setDraft(null)
            setAdding(false)
          })}
        </div>
      ) : adding ? (
        <AddPasskeyForm {...props} onCancel={() => setAdding(false)} onReady={setDraft} />
      ) : (
        <div className="tx-actions">
          <button
            type="button"
            className="button"
            onClick={() => setAdding(true)}
            data-testid="add-passkey-owner"
          >
            Add a passkey of this device as owner
          </button>
        </div>
      )}
    </section>
  )
}

/** Owners that are passkey signers (read from the chain) whose passkey this browser does not know. */
function UnknownPasskeyOwners(props: PasskeyOwnersProps & { known: readonly Address[] }) {
  const config = useConfig()
  const signers = useQuery(passkeySignerOwnersQueryOptions(config, props.chain.chainId, props.owners))
  const unknown = (signers.data ?? []).filter((s) => !props.known.some((k) => isAddressEqual(k, s)))
  if (!unknown.length) return null
  return (
    <div className="banner" role="status" data-testid="passkey-unknown-owners">
      <p>
        {unknown.length === 1 ? 'This owner is a passkey' : 'These owners are passkeys'} this browser does not
        know (its site data was cleared, or the passkey was added on another device): it cannot sign from
        here. It still owns the Safe; sign from the device that added it, or replace the owner with an owner
        change.
      </p>
      <ul className="list">
        {unknown.map((s) => (
          <li key={s} data-testid="passkey-unknown-owner" data-signer={s}>
            {s}
          </li>
        ))}
      </ul>
    </div>
  )
}

function ForgetButton({ passkey, owner }: { passkey: StoredPasskey; owner: boolean }) {
  const [asking, setAsking] = useState(false)
  if (!asking)
    return (
      <button type="button" className="small-button" onClick={() => setAsking(true)}>
        Forget on this device
      </button>
    )
  return (
    <span className="row">
      <span className="small">
        {owner ? 'It stays an owner on chain; this browser will no longer sign with it.' : 'Forget it?'}
      </span>
      <button type="button" className="small-button" onClick={() => removePasskey(passkey)}>
        Forget
      </button>
      <button type="button" className="small-button" onClick={() => setAsking(false)}>
        Keep
      </button>
    </span>
  )
}

function AddPasskeyForm(
  props: PasskeyOwnersProps & { onCancel: () => void; onReady: (draft: PasskeyOwnerDraft) => void },
) {
  const { chain, safe, owners } = props
  const config = useConfig()
  const [label, setLabel] = useState('Passkey of this device')
  const [threshold, setThreshold] = useState(String(props.threshold))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const max = owners.length + 1
  const thresholdError =
    /^\d+$/.test(threshold) && Number(threshold) >= 1 && Number(threshold) <= max
      ? null
      : `The threshold must be a whole number from 1 to ${max}`

  const create = async () => {
    setError(null)
    setBusy(true)
    try {
      const key = await createPasskey(`${label} (Safe ${shortAddress(safe)})`).catch((cause) => {
        throw new Error(passkeyErrorText(cause))
      })
      const signer = await signerAddressFor(config, Number(chain.chainId), key)
      if (owners.some((o) => isAddressEqual(o as Address, signer)))
        throw new Error(`The signer of this passkey (${signer}) is already an owner`)
      // Remembered before anything is proposed: the passkey exists from now on, whatever happens next.
      savePasskey({ chainId: chain.chainId, safe, ...key, signer, label, createdAt: Date.now() })
      const addOwner = encodeFunctionData({
        abi: safeAbi,
        functionName: 'addOwnerWithThreshold',
        args: [signer, BigInt(threshold)],
      })
      props.onReady({
        calls: [
          createSignerCall(
            { x: hexToBigInt(key.x), y: hexToBigInt(key.y) },
            chainPasskeyVerifiers(Number(chain.chainId)).verifiers,
          ),
          { to: safe, value: 0n, data: addOwner, operation: 0 },
        ],
        summary: `Add passkey owner ${shortAddress(signer)} (${label}), threshold ${threshold}`,
        signer,
      })
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="form"
      data-testid="add-passkey-form"
      onSubmit={(event) => {
        event.preventDefault()
        if (!thresholdError) void create()
      }}
    >
      <label className="field">
        <span>Name of the passkey (shown by your device and here)</span>
        <input value={label} onChange={(e) => setLabel(e.target.value)} maxLength={60} required />
      </label>
      <label className="field">
        <span>
          Threshold after adding it (now {props.threshold} of {owners.length})
        </span>
        <input
          value={threshold}
          inputMode="numeric"
          onChange={(e) => setThreshold(e.target.value.trim())}
          aria-invalid={thresholdError ? true : undefined}
          data-testid="passkey-threshold"
        />
      </label>
      {thresholdError ? <p className="error-text">{thresholdError}</p> : null}
      {error ? (
        <p className="error-text" role="alert" data-testid="passkey-error">
          {error}
        </p>
      ) : null}
      <div className="tx-actions">
        <button type="button" className="button" onClick={props.onCancel}>
          Cancel
        </button>
        <BusyButton
          type="submit"
          primary
          busy={busy}
          busyLabel="Waiting for the passkey…"
          disabled={Boolean(thresholdError)}
          testId="create-passkey"
        >
          Create passkey and review
        </BusyButton>
      </div>
    </form>
  )
}
