import { deviceHashes } from '@concord/safe/deviceHashes'
import type { ChainInfo } from '@safe-global/safe-gateway-typescript-sdk'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { type FormEvent, useId, useMemo, useState } from 'react'
import { type Address, getAddress, isAddress, isAddressEqual } from 'viem'
import { useConfig } from 'wagmi'
import { AddressView } from '../../../components/ui/AddressView'
import { BusyButton } from '../../../components/ui/BusyButton'
import { DeviceHashes } from '../../../components/ui/DeviceHashes'
import { EmptyState } from '../../../components/ui/EmptyState'
import { QueryBoundary } from '../../../components/ui/QueryBoundary'
import { explorerAddressUrl } from '../../../lib/explorer'
import { formatGatewayError } from '../../../lib/gateway'
import { delegatesKeys } from '../api/keys'
import {
  addDelegateRequest,
  type Delegate,
  delegatesQueryOptions,
  MAX_LABEL_LENGTH,
  removeDelegateRequest,
  sendGatewayRequest,
  validateNewDelegate,
} from '../api/requests'
import { type DelegateSigning, delegateSigning, signDelegate } from '../signDelegate'

/** What the signer's device will show for this delegate request (the hour pinned in `signing` is the one signed). */
function DelegateHashes({ signing, testIdPrefix }: { signing: DelegateSigning; testIdPrefix: string }) {
  const hashes = deviceHashes(delegateSigning(signing))
  return (
    <DeviceHashes
      domainHash={hashes.domainHash}
      messageHash={hashes.messageHash}
      testIdPrefix={testIdPrefix}
    />
  )
}

export type ProposersProps = {
  chain: ChainInfo
  safe: Address
  /** The connected wallet, if any. */
  account: Address | undefined
  /** Whether the connected wallet owns the Safe (only owners add proposers). */
  isOwner: boolean
}

/** The Safe's proposers: accounts that may propose transactions without being owners. */
export function Proposers({ chain, safe, account, isOwner }: ProposersProps) {
  const query = useQuery(delegatesQueryOptions(chain.chainId, safe))
  return (
    <section className="card" data-testid="proposers">
      <h2>Proposers</h2>
      <p className="muted small">
        Proposers can suggest transactions to this Safe; only owners can sign and execute them.
      </p>
      <QueryBoundary query={query} errorTitle="Could not load the proposers" loading={{ lines: 3 }}>
        {(delegates) =>
          delegates.length === 0 ? (
            <EmptyState title="No proposers" />
          ) : (
            <ul className="list" data-testid="proposer-list">
              {delegates.map((d) => (
                <ProposerRow
                  key={`${d.delegate}-${d.delegator}`}
                  chain={chain}
                  safe={safe}
                  account={account}
                  delegate={d}
                />
              ))}
            </ul>
          )
        }
      </QueryBoundary>
      {account && isOwner ? <AddProposerForm chain={chain} safe={safe} account={account} /> : null}
    </section>
  )
}

function ProposerRow({
  chain,
  safe,
  account,
  delegate: d,
}: {
  chain: ChainInfo
  safe: Address
  account: Address | undefined
  delegate: Delegate
}) {
  const config = useConfig()
  const queryClient = useQueryClient()
  const [error, setError] = useState<string | null>(null)
  const [removing, setRemoving] = useState(false)
  // Removing asks for a signature: the first click shows what the device will show, the second signs.
  const [confirming, setConfirming] = useState<DelegateSigning | null>(null)
  const canRemove = !!account && (isAddressEqual(account, d.delegator) || isAddressEqual(account, d.delegate))

  const onRemove = async () => {
    if (!account || !confirming) return
    setError(null)
    setRemoving(true)
    try {
      const signature = await signDelegate(config, { account, ...confirming })
      await sendGatewayRequest(
        removeDelegateRequest({
          chainId: chain.chainId,
          safe,
          delegate: d.delegate,
          delegator: d.delegator,
          signature,
        }),
      )
      setConfirming(null)
      await queryClient.invalidateQueries({ queryKey: delegatesKeys.list(chain.chainId, safe) })
    } catch (cause) {
      setError(formatGatewayError(cause))
    } finally {
      setRemoving(false)
    }
  }

  return (
    <li className="list-item" data-testid="proposer-row" data-delegate={d.delegate}>
      <div>
        <div className="row">
          <strong data-testid="proposer-label">{d.label}</strong>
          <AddressView
            address={d.delegate}
            explorerUrl={explorerAddressUrl(chain, d.delegate)}
            testId="proposer-address"
          />
        </div>
        <p className="muted small">
          Added by <AddressView address={d.delegator} short testId="proposer-delegator" />
        </p>
        {error ? (
          <p className="error-text" role="alert" data-testid="proposer-remove-error">
            {error}
          </p>
        ) : null}
      </div>
      {canRemove && !confirming ? (
        <button
          type="button"
          className="button small-button"
          onClick={() =>
            setConfirming({
              delegate: d.delegate,
              chainId: Number(chain.chainId),
              removeFrom: safe,
              nowMs: Date.now(),
            })
          }
          data-testid="proposer-remove"
        >
          Remove
        </button>
      ) : null}
      {canRemove && confirming ? (
        <div className="stack" data-testid="proposer-remove-confirm">
          <DelegateHashes signing={confirming} testIdPrefix="proposer-remove" />
          <div className="row">
            <button
              type="button"
              className="button small-button primary"
              onClick={() => void onRemove()}
              disabled={removing}
              data-testid="proposer-remove-sign"
            >
              {removing ? 'Removing…' : 'Sign removal'}
            </button>
            <button
              type="button"
              className="button small-button"
              onClick={() => setConfirming(null)}
              disabled={removing}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
    </li>
  )
}

function AddProposerForm({ chain, safe, account }: { chain: ChainInfo; safe: Address; account: Address }) {
  const config = useConfig()
  const queryClient = useQueryClient()
  const [delegate, setDelegate] = useState('')
  const [label, setLabel] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  const id = useId()
  // The request the owner will sign, once the address is valid; its hour is pinned when the address is typed.
  const signing = useMemo((): DelegateSigning | undefined => {
    const address = delegate.trim()
    return isAddress(address, { strict: false })
      ? { delegate: getAddress(address), chainId: Number(chain.chainId), nowMs: Date.now() }
      : undefined
  }, [delegate, chain.chainId])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    const parsed = validateNewDelegate({ delegate, label })
    if (!parsed.ok) {
      setError(parsed.error)
      return
    }
    setError(null)
    setAdding(true)
    try {
      const signature = await signDelegate(config, {
        account,
        delegate: parsed.delegate,
        chainId: Number(chain.chainId),
        nowMs: signing?.nowMs,
      })
      await sendGatewayRequest(
        addDelegateRequest({
          chainId: chain.chainId,
          safe,
          delegate: parsed.delegate,
          delegator: account,
          label: parsed.label,
          signature,
        }),
      )
      setDelegate('')
      setLabel('')
      await queryClient.invalidateQueries({ queryKey: delegatesKeys.list(chain.chainId, safe) })
    } catch (cause) {
      // The input stays, so the owner can correct it and try again.
      setError(formatGatewayError(cause))
    } finally {
      setAdding(false)
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate data-testid="add-proposer-form">
      <h3>Add a proposer</h3>
      <label htmlFor={`${id}-address`}>Address</label>
      <input
        id={`${id}-address`}
        type="text"
        spellCheck={false}
        autoComplete="off"
        placeholder="0x…"
        value={delegate}
        onChange={(event) => setDelegate(event.target.value)}
        aria-invalid={error !== null}
        data-testid="add-proposer-address"
      />
      <label htmlFor={`${id}-label`}>Label</label>
      <input
        id={`${id}-label`}
        type="text"
        autoComplete="off"
        maxLength={MAX_LABEL_LENGTH}
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        data-testid="add-proposer-label"
      />
      {signing ? <DelegateHashes signing={signing} testIdPrefix="add-proposer" /> : null}
      <BusyButton
        type="submit"
        primary
        busy={adding}
        busyLabel="Adding…"
        error={error}
        testId="add-proposer-submit"
        errorTestId="add-proposer-error"
      >
        Add proposer
      </BusyButton>
    </form>
  )
}
