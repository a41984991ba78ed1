import './createSafe.css'
import { safeProxyFactoryAbi } from '@concord/safe/contracts'
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { type FormEvent, useEffect, useState } from 'react'
import type { Address } from 'viem'
import { useAccount, useBytecode, useReadContract, useSwitchChain } from 'wagmi'
import { AddressView } from '../../../components/ui/AddressView'
import { useDeploySafe } from '../hooks/useDeploySafe'
import { type NewSafeForm, validateNewSafe } from '../utils/newSafeForm'
import { NEW_SAFE_CONTRACTS, predictSafeAddress, safeSetupData } from '../utils/predictSafeAddress'
import { IndexingSafe } from './IndexingSafe'
import { OwnerRows } from './OwnerRows'

export type CreateSafeFormProps = {
  chains: readonly ChainInfo[]
  defaultChainId: string
  onOpen: (chain: ChainInfo, address: Address) => void
}

// A salt from the clock: two Safes with the same owners created a second apart still get different addresses.
const initialSalt = () => String(Date.now())

/** Create a Safe v1.4.1: owners, threshold and salt nonce, the predicted address, then deploy and open it. */
export function CreateSafeForm({ chains, defaultChainId, onOpen }: CreateSafeFormProps) {
  const { address: account, chainId: walletChainId } = useAccount()
  const [chainId, setChainId] = useState(defaultChainId)
  const [form, setForm] = useState<NewSafeForm>({
    owners: [account ?? ''],
    threshold: '1',
    saltNonce: initialSalt(),
  })
  const [touched, setTouched] = useState(false)
  const chain = chains.find((candidate) => candidate.chainId === chainId) ?? chains[0]
  const numericChainId = Number(chain?.chainId)
  const deploy = useDeploySafe()
  const { switchChain, isPending: switching } = useSwitchChain()

  // The connected wallet is the first owner unless the user typed something there.
  useEffect(() => {
    if (account) setForm((f) => (f.owners[0] ? f : { ...f, owners: [account, ...f.owners.slice(1)] }))
  }, [account])

  const factoryCode = useBytecode({ address: NEW_SAFE_CONTRACTS.factory, chainId: numericChainId })
  const proxyCreationCode = useReadContract({
    address: NEW_SAFE_CONTRACTS.factory,
    abi: safeProxyFactoryAbi,
    functionName: 'proxyCreationCode',
    chainId: numericChainId,
    query: { enabled: !!factoryCode.data, staleTime: Number.POSITIVE_INFINITY },
  })
  const validation = validateNewSafe(form)
  const predicted =
    validation.ok && proxyCreationCode.data
      ? predictSafeAddress({
          ...NEW_SAFE_CONTRACTS,
          initializer: safeSetupData(validation.value),
          saltNonce: validation.value.saltNonce,
          proxyCreationCode: proxyCreationCode.data,
        })
      : undefined
  const existing = useBytecode({
    address: predicted,
    chainId: numericChainId,
    query: { enabled: !!predicted },
  })
  const taken = !!existing.data && existing.data !== '0x'
  const errors = touched && !validation.ok ? validation.errors : undefined
  const noFactory = factoryCode.isSuccess && !factoryCode.data

  if (deploy.data && chain)
    return (
      <IndexingSafe
        chainId={chain.chainId}
        address={deploy.data}
        onReady={() => onOpen(chain, deploy.data)}
      />
    )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    setTouched(true)
    if (!validation.ok || !predicted || taken || !account) return
    deploy.mutate({ ...validation.value, chainId: numericChainId, account, predicted })
  }

  return (
    <form className="form create-safe" onSubmit={onSubmit} noValidate data-testid="create-safe-form">
      <label htmlFor="create-safe-chain">Chain</label>
      <select id="create-safe-chain" value={chain?.chainId} onChange={(e) => setChainId(e.target.value)}>
        {chains.map((candidate) => (
          <option key={candidate.chainId} value={candidate.chainId}>
            {candidate.chainName}
          </option>
        ))}
      </select>
      {noFactory ? (
        <p className="error-text" data-testid="no-factory">
          The Safe v1.4.1 proxy factory is not deployed on {chain?.chainName}.
        </p>
      ) : null}

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
      {errors?.saltNonce ? <p className="error-text small">{errors.saltNonce}</p> : null}

      <div className="predicted" data-testid="predicted-address" data-address={predicted}>
        <span className="muted small">The Safe will be created at</span>
        {predicted && chain ? <AddressView address={predicted} /> : <span className="muted">…</span>}
        {taken ? (
          <p className="error-text small" data-testid="address-taken">
            A contract already exists at this address: change the salt nonce.
          </p>
        ) : null}
      </div>

      {deploy.error ? (
        <p className="error-text" data-testid="create-safe-error">
          {deploy.error.message}
        </p>
      ) : null}
      {!account ? (
        <p className="muted">Connect a wallet to pay for the deployment.</p>
      ) : walletChainId !== numericChainId ? (
        <button
          type="button"
          className="button"
          disabled={switching}
          onClick={() => switchChain({ chainId: numericChainId })}
        >
          Switch wallet to {chain?.chainName}
        </button>
      ) : (
        <button
          type="submit"
          className="button primary"
          disabled={deploy.isPending || noFactory || taken || !proxyCreationCode.data}
          data-testid="create-safe-submit"
        >
          {deploy.isPending ? 'Creating… confirm in your wallet' : 'Create Safe'}
        </button>
      )}
    </form>
  )
}
