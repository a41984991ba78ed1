import { useState } from 'react'
import { type Address, getAddress, isAddress } from 'viem'
import { AddressView } from '../../../components/ui/AddressView'
import type { DelayRecovery } from '../api/types'
import { formatDuration, type RecoveryDraft, removeDraft, setupDraft } from '../utils/recoveryDrafts'
import '../recovery.css'
import { AddressLinesField, DurationField } from './FormFields'

const UNITS = { minutes: 60, hours: 3_600, days: 86_400 } as const
type Unit = keyof typeof UNITS
const UNIT_NAMES = Object.keys(UNITS) as Unit[]

export type RecoverySetupProps = {
  chainId: string
  safe: Address
  version: string | null
  /** The Safe's modules in the contract's order (disableModule needs the previous one). */
  modules: readonly Address[]
  delays: readonly DelayRecovery[]
  /** The connected wallet is an owner: it may propose a setup or a removal. */
  canPropose: boolean
  onDraft: (draft: RecoveryDraft) => void
}

/** The recovery setup read from the chain, its removal, and the form that sets up a new one. */
export function RecoverySetup({
  chainId,
  safe,
  version,
  modules,
  delays,
  canPropose,
  onDraft,
}: RecoverySetupProps) {
  return (
    <div className="stack" data-testid="recovery-setup">
      {delays.length === 0 ? (
        <p className="muted" data-testid="recovery-none">
          No recovery is set up. A recoverer may propose new owners, which anyone can execute after the review
          window unless the owners cancel it first.
        </p>
      ) : (
        delays.map((delay) => (
          <div
            key={delay.address}
            className="recovery-delay"
            data-testid="recovery-delay"
            data-delay={delay.address}
          >
            <p>
              Recovery module <AddressView address={delay.address} chainId={chainId} />
            </p>
            <p className="small">Recoverers:</p>
            <ul className="recovery-owners">
              {delay.recoverers.map((recoverer) => (
                <li key={recoverer} data-testid="recovery-recoverer" data-address={recoverer}>
                  <AddressView address={recoverer} chainId={chainId} />
                </li>
              ))}
            </ul>
            <p className="small" data-testid="recovery-windows">
              Review window {formatDuration(delay.cooldown)}, expiry{' '}
              {delay.expiration === 0 ? 'none' : formatDuration(delay.expiration)}
            </p>
            {canPropose ? (
              <button
                type="button"
                className="button"
                onClick={() => onDraft(removeDraft(safe, modules, delay.address))}
                data-testid="recovery-remove"
              >
                Remove recovery
              </button>
            ) : null}
          </div>
        ))
      )}
      {canPropose ? <SetupForm safe={safe} version={version} onDraft={onDraft} /> : null}
    </div>
  )
}

function SetupForm({
  safe,
  version,
  onDraft,
}: {
  safe: Address
  version: string | null
  onDraft: (draft: RecoveryDraft) => void
}) {
  const [recoverers, setRecoverers] = useState('')
  const [cooldown, setCooldown] = useState('1')
  const [cooldownUnit, setCooldownUnit] = useState<Unit>('days')
  const [expiry, setExpiry] = useState('0')
  const [expiryUnit, setExpiryUnit] = useState<Unit>('days')
  const [error, setError] = useState<string | null>(null)

  const onReview = () => {
    const lines = recoverers
      .split(/[\s,]+/)
      .map((line) => line.trim())
      .filter(Boolean)
    const bad = lines.find((line) => !isAddress(line, { strict: false }))
    if (bad) return setError(`Not an address: ${bad}`)
    const seconds = (value: string, unit: Unit) =>
      /^\d+$/.test(value) ? Number(value) * UNITS[unit] : Number.NaN
    const expiration = seconds(expiry, expiryUnit)
    if (Number.isNaN(expiration)) return setError('The expiry must be a whole number (0: none)')
    const built = setupDraft({
      safe,
      version,
      recoverers: lines.map((line) => getAddress(line)),
      cooldown: seconds(cooldown, cooldownUnit),
      expiration,
      saltNonce: BigInt(Date.now()),
    })
    if ('error' in built) return setError(built.error)
    setError(null)
    onDraft(built.draft)
  }

  return (
    <form
      className="stack"
      data-testid="recovery-form"
      onSubmit={(e) => {
        e.preventDefault()
        onReview()
      }}
    >
      <h3>Set up recovery</h3>
      <AddressLinesField
        id="recovery-recoverers"
        label="Recoverer addresses (one per line)"
        rows={2}
        value={recoverers}
        onChange={setRecoverers}
      />
      <DurationField
        id="recovery-cooldown"
        label="Review window"
        units={UNIT_NAMES}
        value={cooldown}
        unit={cooldownUnit}
        onChange={setCooldown}
        onUnitChange={setCooldownUnit}
      />
      <DurationField
        id="recovery-expiry"
        label="Expiry after the window (0: never)"
        units={UNIT_NAMES}
        value={expiry}
        unit={expiryUnit}
        onChange={setExpiry}
        onUnitChange={setExpiryUnit}
      />
      {error ? (
        <p className="error-text" role="alert" data-testid="recovery-form-error">
          {error}
        </p>
      ) : null}
      <div className="tx-actions">
        <button type="submit" className="button primary" data-testid="recovery-review">
          Review recovery setup
        </button>
      </div>
    </form>
  )
}
