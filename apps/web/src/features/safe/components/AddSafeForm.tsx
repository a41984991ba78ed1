import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useState } from 'react'
import type { Address } from 'viem'
import { formatGatewayError } from '../../../lib/gateway'
import { parseSafeAddress } from '../../../lib/safeLink'
import { safeInfoQueryOptions } from '../api/queries'

export type AddSafeFormProps = {
  chains: readonly ChainInfo[]
  /** Preselected chain, e.g. the wallet's. */
  defaultChainId: string
  onOpen: (chain: ChainInfo, address: Address) => void
}

/**
 * Opens a Safe by address: `0x…` on the chosen chain, or an EIP-3770 `prefix:0x…`. The gateway is
 * asked for the Safe before it opens; errors are shown under the field and the text stays.
 */
export function AddSafeForm({ chains, defaultChainId, onOpen }: AddSafeFormProps) {
  const queryClient = useQueryClient()
  const [value, setValue] = useState('')
  const [chainId, setChainId] = useState(defaultChainId)
  const [error, setError] = useState<string | null>(null)
  const [checking, setChecking] = useState(false)
  const inputId = useId()
  const chain = chains.find((candidate) => candidate.chainId === chainId) ?? chains[0]

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = parseSafeAddress(value, chains, chain)
    if (!parsed.ok) {
      setError(parsed.error)
      return
    }
    setError(null)
    setChecking(true)
    try {
      await queryClient.fetchQuery(safeInfoQueryOptions(parsed.chain.chainId, parsed.address))
      onOpen(parsed.chain, parsed.address)
    } catch (cause) {
      setError(`No Safe found at this address on ${parsed.chain.chainName}: ${formatGatewayError(cause)}`)
    } finally {
      setChecking(false)
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="add-safe-form">
      <label htmlFor={inputId}>Safe address</label>
      <div className="form-row">
        <select
          aria-label="Chain"
          value={chain?.chainId}
          onChange={(event) => setChainId(event.target.value)}
          data-testid="add-safe-chain"
        >
          {chains.map((candidate) => (
            <option key={candidate.chainId} value={candidate.chainId}>
              {candidate.chainName}
            </option>
          ))}
        </select>
        <input
          id={inputId}
          type="text"
          spellCheck={false}
          autoComplete="off"
          placeholder={`0x… or ${chain?.shortName || 'eth'}:0x…`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={error !== null}
          aria-describedby={`${inputId}-hint`}
          data-testid="add-safe-input"
        />
        <button type="submit" className="button primary" disabled={checking} data-testid="add-safe-submit">
          {checking ? 'Checking…' : 'Open Safe'}
        </button>
      </div>
      <p
        id={`${inputId}-hint`}
        className={error ? 'error-text' : 'muted small'}
        role={error ? 'alert' : undefined}
        data-testid={error ? 'add-safe-error' : undefined}
      >
        {error ?? 'Any Safe can be opened read-only; an EIP-3770 prefix picks the chain.'}
      </p>
    </form>
  )
}
