import { recoveryTransaction } from '@concord/safe/recovery'
import { useState } from 'react'
import { type Address, getAddress, isAddress } from 'viem'
import type { DelayRecovery } from '../api/types'
import { useRecoveryWrite } from '../useRecoveryWrite'
import { formatDuration } from '../utils/recoveryDrafts'
import { AddressLinesField } from './FormFields'

export type StartRecoveryProps = {
  chainId: string
  safe: Address
  /** The Safe's owners now, in the contract's order (removeOwner needs the previous one). */
  owners: readonly Address[]
  delay: DelayRecovery
  onStarted?: () => void
}

/** A recoverer proposes new owners and threshold: one wallet transaction that queues them on the Delay. */
export function StartRecovery({ chainId, safe, owners, delay, onStarted }: StartRecoveryProps) {
  const [newOwners, setNewOwners] = useState('')
  const [threshold, setThreshold] = useState('1')
  const [error, setError] = useState<string | null>(null)
  const write = useRecoveryWrite(chainId, safe, onStarted)

  const onStart = () => {
    const lines = newOwners
      .split(/[\s,]+/)
      .map((line) => line.trim())
      .filter(Boolean)
    const bad = lines.find((line) => !isAddress(line, { strict: false }))
    if (bad) return setError(`Not an address: ${bad}`)
    let tx: ReturnType<typeof recoveryTransaction>
    try {
      tx = recoveryTransaction(
        safe,
        owners,
        lines.map((line) => getAddress(line)),
        /^\d+$/.test(threshold) ? Number(threshold) : Number.NaN,
      )
    } catch (cause) {
      return setError((cause as Error).message)
    }
    setError(null)
    write.mutate({ delay: delay.address, functionName: 'execTransactionFromModule', tx })
  }

  return (
    <form
      className="stack recovery-pending"
      data-testid="start-recovery"
      onSubmit={(e) => {
        e.preventDefault()
        onStart()
      }}
    >
      <h3>Start recovery</h3>
      <p className="muted small">
        You are a recoverer of this Safe. The new owners can be set by anyone {formatDuration(delay.cooldown)}{' '}
        after you start, unless the owners cancel it.
      </p>
      <AddressLinesField
        id="recovery-new-owners"
        label="New owners (one per line)"
        rows={3}
        value={newOwners}
        onChange={setNewOwners}
      />
      <div className="tx-field">
        <label htmlFor="recovery-threshold">Threshold</label>
        <input
          id="recovery-threshold"
          inputMode="numeric"
          value={threshold}
          onChange={(e) => setThreshold(e.target.value)}
          data-testid="recovery-threshold-input"
        />
      </div>
      {error || write.error ? (
        <p className="error-text" role="alert" data-testid="start-recovery-error">
          {error ?? (write.error as { shortMessage?: string } | null)?.shortMessage ?? write.error?.message}
        </p>
      ) : null}
      {write.isSuccess ? (
        <p className="muted" data-testid="start-recovery-done">
          Recovery started: it waits for its review window.
        </p>
      ) : null}
      <div className="tx-actions">
        <button
          type="submit"
          className="button primary"
          disabled={write.isPending}
          data-testid="start-recovery-submit"
        >
          {write.isPending ? 'Waiting for the wallet…' : 'Start recovery'}
        </button>
      </div>
    </form>
  )
}
