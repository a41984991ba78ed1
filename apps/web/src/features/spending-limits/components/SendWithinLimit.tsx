import { useId, useState } from 'react'
import { type Address, getAddress, isAddress, parseUnits } from 'viem'
import { useConfig } from 'wagmi'
import { formatTokenAmount } from '../../../lib/format'
import { remaining, type SpendingLimit } from '../readSpendingLimits'
import { sendWithinLimit } from '../sendWithinLimit'

const DECIMAL = /^\d*(?:\.\d*)?$/

/** Parses what the beneficiary typed, checked against what is left (a clear error before any wallet prompt). */
export function parseLimitAmount(input: string, limit: SpendingLimit): { value?: bigint; error?: string } {
  const text = input.trim()
  if (text === '' || text === '.' || !DECIMAL.test(text)) return { error: 'Enter an amount such as 1.5' }
  if ((text.split('.')[1] ?? '').length > limit.decimals)
    return { error: `At most ${limit.decimals} decimals` }
  const value = parseUnits(text, limit.decimals)
  if (value === 0n) return { error: 'The amount must be greater than 0' }
  if (value > remaining(limit))
    return {
      error: `Beyond the spending limit: ${formatTokenAmount(remaining(limit), limit.decimals)} ${limit.symbol} left`,
    }
  return { value }
}

/**
 * The connected beneficiary sends within one of its limits: one wallet transaction, no Safe transaction to sign
 * by the owners and no queue. What was typed stays on an error.
 */
export function SendWithinLimit({
  chainId,
  module,
  safe,
  account,
  limit,
  onSent,
}: {
  chainId: string
  module: Address
  safe: Address
  account: Address
  limit: SpendingLimit
  onSent: () => void
}) {
  const config = useConfig()
  const [to, setTo] = useState('')
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const ids = { to: useId(), amount: useId() }

  const submit = async () => {
    if (!isAddress(to.trim())) return setError('Enter the recipient’s address (0x…)')
    const parsed = parseLimitAmount(amount, limit)
    if (parsed.value === undefined) return setError(parsed.error ?? 'Invalid amount')
    setError(null)
    setBusy(true)
    setStatus('Confirm in your wallet…')
    try {
      const result = await sendWithinLimit(config, {
        chainId: Number(chainId),
        module,
        safe,
        token: limit.token,
        to: getAddress(to.trim()),
        amount: parsed.value,
        account,
      })
      if (!result.success) throw new Error(`The transfer reverted (${result.hash})`)
      setStatus(`Sent ${amount.trim()} ${limit.symbol}: ${result.hash}`)
      onSent()
    } catch (e) {
      setStatus(null)
      setError(e instanceof Error ? (e.message.split('\n')[0] ?? e.message) : String(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <form
      className="tx-form"
      noValidate
      data-testid="send-within-limit"
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <h3>
        Send {limit.symbol} within your limit ({formatTokenAmount(remaining(limit), limit.decimals)} left)
      </h3>
      <div className="tx-field">
        <label htmlFor={ids.to}>Recipient</label>
        <input
          id={ids.to}
          type="text"
          spellCheck={false}
          autoComplete="off"
          placeholder="0x…"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          data-testid="limit-send-to"
        />
      </div>
      <div className="tx-field">
        <label htmlFor={ids.amount}>Amount ({limit.symbol})</label>
        <input
          id={ids.amount}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0.0"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          data-testid="limit-send-amount"
        />
      </div>
      {error ? (
        <p className="error-text" role="alert" data-testid="limit-send-error">
          {error}
        </p>
      ) : null}
      {status ? (
        <p className="muted small" role="status" data-testid="limit-send-status">
          {status}
        </p>
      ) : null}
      <div className="tx-actions">
        <button type="submit" className="button primary" disabled={busy} data-testid="limit-send-submit">
          Send
        </button>
      </div>
    </form>
  )
}
