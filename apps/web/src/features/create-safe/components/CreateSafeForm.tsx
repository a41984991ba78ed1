import './createSafe.css'
import { MAX_NAME_LENGTH } from '@concord/safe/addressBookCsv'
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { type FormEvent, useEffect, useState } from 'react'
import type { Address } from 'viem'
import { useAccount } from 'wagmi'
import { AddressView } from '../../../components/ui/AddressView'
import { saveCounterfactualSafe } from '../counterfactualSafes'
import { type CreatedSafe, useDeploySafe } from '../hooks/useDeploySafe'
import { usePredictedSafe } from '../hooks/usePredictedSafe'
import { deployErrorText } from '../utils/deployError'
import { type NewSafeForm, validateNewSafe } from '../utils/newSafeForm'
import { AlsoOnChains } from './AlsoOnChains'
import { CreateSafeReview } from './CreateSafeReview'
import { IndexingSafe } from './IndexingSafe'
import { OwnerRows } from './OwnerRows'

export type CreateSafeFormProps = {
  chains: readonly ChainInfo[]
  defaultChainId: string
  onOpen: (chain: ChainInfo, address: Address) => void
  /** Runs once the Safe is deployed (before it is indexed): where the app keeps Safe names, it saves the name. */
  onCreated?: (safe: CreatedSafe) => void
}

// A salt from the clock: two Safes with the same owners created a second apart still get different addresses.
const initialSalt = () => String(Date.now())

/**
 * Create a Safe v1.4.1: name, owners, threshold (and the salt nonce under Advanced) with the predicted address,
 * then a review of everything the deployment does and its fee, then deploy and open it. The form's state lives
 * here, so Back from the review and a failed deployment keep what the user typed.
 */
export function CreateSafeForm({ chains, defaultChainId, onOpen, onCreated }: CreateSafeFormProps) {
  const { address: account, chainId: walletChainId } = useAccount()
  const [chainId, setChainId] = useState(defaultChainId)
  const [form, setForm] = useState<NewSafeForm>({
    name: '',
    owners: [account ?? ''],
    threshold: '1',
    saltNonce: initialSalt(),
  })
  const [touched, setTouched] = useState(false)
  const [reviewing, setReviewing] = useState(false)
  const [advancedOpen, setAdvancedOpen] = useState(false)
  const [alsoOn, setAlsoOn] = useState<string[]>([])
  const chain = chains.find((candidate) => candidate.chainId === chainId) ?? chains[0]
  const numericChainId = Number(chain?.chainId)
  const deploy = useDeploySafe(onCreated)
  const otherChains = chains.filter((candidate) => candidate.chainId !== chain?.chainId)
  const alsoOnChains = otherChains.filter((candidate) => alsoOn.includes(candidate.chainId))

  // The connected wallet is the first owner unless the user typed something there.
  useEffect(() => {
    if (account) setForm((f) => (f.owners[0] ? f : { ...f, owners: [account, ...f.owners.slice(1)] }))
  }, [account])

  const validation = validateNewSafe(form)
  const predicted = usePredictedSafe(numericChainId, validation.ok ? validation.value : undefined)
  const errors = touched && !validation.ok ? validation.errors : undefined

  if (deploy.data && chain)
    return (
      <IndexingSafe
        chainId={chain.chainId}
        address={deploy.data}
        onReady={() => onOpen(chain, deploy.data)}
      />
    )

  if (reviewing && validation.ok && predicted.address && chain)
    return (
      <CreateSafeReview
        chain={chain}
        safe={validation.value}
        predicted={predicted.address}
        alsoOn={alsoOnChains}
        // Once our own deployment is mined the address holds code: that is not someone else's Safe (nor after a
        // failure on a later chain, when trying again skips the chains that have it).
        taken={predicted.taken && !deploy.isPending && !deploy.isError}
        account={account}
        walletChainId={walletChainId}
        deploying={deploy.isPending}
        error={deploy.error ? deployErrorText(deploy.error) : null}
        onBack={() => {
          deploy.reset()
          setReviewing(false)
        }}
        onCounterfactual={
          alsoOnChains.length === 0
            ? () => {
                const address = predicted.address as Address
                saveCounterfactualSafe({
                  chainId: chain.chainId,
                  address,
                  owners: validation.value.owners,
                  threshold: validation.value.threshold,
                  saltNonce: validation.value.saltNonce.toString(),
                })
                onCreated?.({ chainId: chain.chainId, address, name: validation.value.name })
                onOpen(chain, address)
              }
            : undefined
        }
        onConfirm={() => {
          if (account && predicted.address)
            deploy.mutate({
              ...validation.value,
              chainId: numericChainId,
              alsoOn: alsoOnChains.map((other) => Number(other.chainId)),
              account,
              predicted: predicted.address,
            })
        }}
      />
    )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (!validation.ok) {
      // A bad salt nonce is under Advanced: open it so the error is seen.
      if (validation.errors.saltNonce) setAdvancedOpen(true)
      return
    }
    if (!predicted.address || predicted.taken) return
    deploy.reset()
    setReviewing(true)
  }

  return (
    <form className="form create-safe" onSubmit={onSubmit} noValidate data-testid="create-safe-form">
      <label htmlFor="create-safe-chain">Chain</label>
      <select
        id="create-safe-chain"
        value={chain?.chainId}
        onChange={(e) => setChainId(e.target.value)}
        data-testid="create-safe-chain"
      >
        {chains.map((candidate) => (
          <option key={candidate.chainId} value={candidate.chainId}>
            {candidate.chainName}
          </option>
        ))}
      </select>
      {predicted.noFactory ? (
        <p className="error-text" data-testid="no-factory">
          The Safe v1.4.1 proxy factory is not deployed on {chain?.chainName}.
        </p>
      ) : null}

      <AlsoOnChains
        chains={otherChains}
        selected={alsoOn}
        onChange={setAlsoOn}
        safe={validation.ok ? validation.value : undefined}
        predicted={predicted.address}
      />

      <label htmlFor="create-safe-name">
        Name <span className="muted small">(optional, kept in the Safe's address book)</span>
      </label>
      <input
        id="create-safe-name"
        type="text"
        autoComplete="off"
        placeholder="e.g. Treasury"
        // Longer than allowed, so a pasted long name gets the error rather than a silent cut.
        maxLength={MAX_NAME_LENGTH * 2}
        value={form.name}
        aria-invalid={!!errors?.name}
        onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))}
        data-testid="create-safe-name"
      />
      {errors?.name ? <p className="error-text small">{errors.name}</p> : null}

      <OwnerRows
        owners={form.owners}
        errors={errors?.owners}
        account={account}
        onChange={(owners) =>
          setForm((f) => ({
            ...f,
            owners,
            threshold: String(Math.min(Number(f.threshold) || 1, owners.length)),
          }))
        }
      />

      <label htmlFor="create-safe-threshold">Threshold</label>
      <div className="form-row">
        <select
          id="create-safe-threshold"
          value={form.threshold}
          onChange={(e) => setForm((f) => ({ ...f, threshold: e.target.value }))}
          data-testid="create-safe-threshold"
        >
          {form.owners.map((_, index) => (
            <option key={String(index + 1)} value={String(index + 1)}>
              {index + 1}
            </option>
          ))}
        </select>
        <span className="muted">out of {form.owners.length} owner(s) must confirm each transaction</span>
      </div>
      {errors?.threshold ? <p className="error-text small">{errors.threshold}</p> : null}

      <details
        className="create-safe-advanced"
        open={advancedOpen}
        onToggle={(e) => setAdvancedOpen(e.currentTarget.open)}
        data-testid="create-safe-advanced"
      >
        <summary data-testid="create-safe-advanced-toggle">Advanced</summary>
        <label htmlFor="create-safe-salt">Salt nonce</label>
        <input
          id="create-safe-salt"
          type="text"
          inputMode="numeric"
          value={form.saltNonce}
          aria-invalid={!!errors?.saltNonce}
          onChange={(e) => setForm((f) => ({ ...f, saltNonce: e.target.value }))}
          data-testid="create-safe-salt"
        />
        <p className="muted small">
          With the owners and threshold, it decides the Safe's address. Change it to get another address.
        </p>
        {errors?.saltNonce ? <p className="error-text small">{errors.saltNonce}</p> : null}
      </details>

      <div className="predicted" data-testid="predicted-address" data-address={predicted.address}>
        <span className="muted small">The Safe will be created at</span>
        {predicted.address && chain ? (
          <AddressView address={predicted.address} chainId={chain.chainId} />
        ) : (
          <span className="muted">…</span>
        )}
        {predicted.taken ? (
          <p className="error-text small" data-testid="address-taken">
            A contract already exists at this address: change the salt nonce (under Advanced).
          </p>
        ) : null}
      </div>

      <button
        type="submit"
        className="button primary"
        disabled={predicted.noFactory || predicted.taken || !predicted.ready}
        data-testid="create-safe-submit"
      >
        Next: review
      </button>
    </form>
  )
}
