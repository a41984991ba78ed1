import { SAFE_VERSION, safeMigrationsV141 } from '@concord/safe/contracts'
import type { ChainInfo, SafeInfo } from '@safe-global/safe-gateway-typescript-sdk'
import type { Address } from 'viem'
import { baseVersion } from '../../builders/multiSend'
import { canUpdateImplementation } from '../../builders/settings'
import { useImplementationUpdate } from '../../useImplementationUpdate'
import { useOwnerAccess } from '../../useOwnerAccess'
import type { SettingsAction } from '../forms/SettingsForm'
import { NewTransactionLink } from '../NewTransactionLink'
import '../../txFlow.css'

export type SetupChangesProps = {
  chain: ChainInfo
  safe: Address
  info: SafeInfo
  /** Link to the New transaction flow with this setup change (and its owner or module) chosen. */
  hrefFor: (action: SettingsAction, target?: string) => string
}

const GENERAL: [SettingsAction, string][] = [
  ['addOwner', 'Add owner'],
  ['changeThreshold', 'Change threshold'],
  ['enableModule', 'Enable module'],
  ['setGuard', 'Set guard'],
  ['setFallbackHandler', 'Set fallback handler'],
]

/** Settings → Setup: every change of the setup as a transaction, and the Safe's version against the latest. */
export function SetupChanges({ chain, safe, info, hrefFor }: SetupChangesProps) {
  const access = useOwnerAccess(chain.chainId, safe, info)
  const version = baseVersion(info.version)
  const owner = access.status === 'owner'
  const update = useImplementationUpdate(chain.chainId, safe, info, canUpdateImplementation(info.version))
  const updatable = canUpdateImplementation(update.version)
  return (
    <div className="card" data-testid="setup-changes">
      <h2>Change the setup</h2>
      {owner ? (
        <>
          <p className="muted small">
            Each change is a transaction of the Safe to itself, signed by the owners.
          </p>
          <div className="tx-actions">
            {GENERAL.map(([action, label]) => (
              <NewTransactionLink
                key={action}
                href={hrefFor(action)}
                label={label}
                variant="row"
                testId={`setup-change-${action}`}
              />
            ))}
            {info.guard ? (
              <NewTransactionLink
                href={hrefFor('removeGuard')}
                label="Remove guard"
                variant="row"
                testId="setup-change-removeGuard"
              />
            ) : null}
          </div>
          <ul className="tx-batch-list" data-testid="setup-module-changes">
            {(info.modules ?? []).map((m) => (
              <li key={m.value}>
                Module <code className="address">{m.value}</code>{' '}
                <NewTransactionLink
                  href={hrefFor('disableModule', m.value)}
                  label="Disable"
                  variant="row"
                  testId="setup-disable-module"
                />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted small" data-testid="setup-changes-read-only">
          Only an owner's wallet can propose setup changes.
        </p>
      )}
      <h2>Safe version</h2>
      <p data-testid="setup-version-compare">
        This Safe runs <strong>{info.version ?? 'an unknown version'}</strong>; the recommended version, which
        Concord creates Safes with and updates them to, is <strong>{SAFE_VERSION}</strong>.
      </p>
      {updatable && update.contract === 'present' ? (
        owner ? (
          <>
            <p className="muted small" data-testid="setup-update-note">
              A DELEGATECALL to Safe's SafeMigration contract, signed by the owners like any change: the Safe
              moves to the {SAFE_VERSION} singleton, keeping its owners, modules, nonce and assets.
            </p>
            <div className="tx-actions">
              <NewTransactionLink
                href={hrefFor('updateImplementation')}
                label={`Update to ${SAFE_VERSION}`}
                variant="row"
                testId="setup-change-updateImplementation"
              />
            </div>
          </>
        ) : null
      ) : updatable && update.contract !== 'checking' ? (
        <p className="tx-warning small" data-testid="setup-update-note">
          Updating to {SAFE_VERSION} is a DELEGATECALL to Safe's SafeMigration contract, and this chain{' '}
          {update.contract === 'other-code'
            ? 'holds other code at its address'
            : update.contract === 'missing'
              ? 'does not have it'
              : 'could not be read for it'}{' '}
          ({safeMigrationsV141.safeMigration}). The Safe keeps working on {version}; every flow here supports
          it.
        </p>
      ) : version && version !== SAFE_VERSION && !updatable ? (
        <p className="tx-warning small" data-testid="setup-update-note">
          Concord updates 1.3.0 Safes to {SAFE_VERSION}; this one stays on {version}.
        </p>
      ) : null}
    </div>
  )
}

/** Replace and Remove for one owner, in the Setup page's owner list (a Safe keeps one owner at least). */
export function OwnerChangeLinks({
  chain,
  safe,
  owner,
  owners,
  hrefFor,
}: Pick<SetupChangesProps, 'chain' | 'safe' | 'hrefFor'> & { owner: string; owners: readonly string[] }) {
  // Offered to owners only, as the chain says (the same check as the other setup changes).
  const access = useOwnerAccess(chain.chainId, safe, undefined)
  if (access.status !== 'owner') return null
  return (
    <span className="owner-actions" data-testid="setup-owner-actions">
      <NewTransactionLink
        href={hrefFor('swapOwner', owner)}
        label="Replace"
        variant="row"
        testId="setup-replace-owner"
      />{' '}
      {owners.length > 1 ? (
        <NewTransactionLink
          href={hrefFor('removeOwner', owner)}
          label="Remove"
          variant="row"
          testId="setup-remove-owner"
        />
      ) : null}
    </span>
  )
}
