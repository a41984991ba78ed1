import { SAFE_VERSION, safeMigrationsV141 } from '@concord/safe/contracts'
import { useId, useState } from 'react'
import { type Address, zeroAddress } from 'viem'
import { parseAddress } from '../../builders/address'
import {
  buildAddOwner,
  buildChangeThreshold,
  buildDisableModule,
  buildEnableModule,
  buildRemoveOwner,
  buildSetFallbackHandler,
  buildSetGuard,
  buildSwapOwner,
  buildUpdateImplementation,
  canUpdateImplementation,
} from '../../builders/settings'
import type { BuildResult, SafeCall } from '../../types'
import { type MigrationContractState, useImplementationUpdate } from '../../useImplementationUpdate'
import { useSafeSetupState } from '../../useSafeSetupState'
import { Field } from '../Field'
import { AddressInput, deliverDraft, FormShell } from './FormShell'
import type { SubmitMode, TxFormProps } from './formTypes'

export const SETTINGS_ACTIONS = {
  addOwner: 'Add an owner',
  removeOwner: 'Remove an owner',
  swapOwner: 'Replace an owner',
  changeThreshold: 'Change the threshold',
  enableModule: 'Enable a module',
  disableModule: 'Disable a module',
  setGuard: 'Set the transaction guard',
  removeGuard: 'Remove the transaction guard',
  setFallbackHandler: 'Set the fallback handler',
  updateImplementation: `Update to ${SAFE_VERSION}`,
} as const

export type SettingsAction = keyof typeof SETTINGS_ACTIONS

export const isSettingsAction = (value: string | null | undefined): value is SettingsAction =>
  typeof value === 'string' && Object.hasOwn(SETTINGS_ACTIONS, value)

/** Why the update cannot be built while SafeMigration is not proven to be on the chain. */
const MIGRATION_PROBLEM: Record<Exclude<MigrationContractState, 'present'>, string> = {
  checking: 'Still reading the migration contract from the chain: try again in a moment',
  missing: `This chain has no SafeMigration at ${safeMigrationsV141.safeMigration}: the update cannot run here`,
  'other-code': `The code at ${safeMigrationsV141.safeMigration} is not Safe's SafeMigration ${SAFE_VERSION}: refusing to DELEGATECALL it`,
  unreadable: 'The migration contract could not be read from the chain',
}

type Props = TxFormProps & { initialAction?: SettingsAction | undefined; initialTarget?: string | undefined }

/** Changes of the Safe's setup, each a transaction of the Safe to itself. */
export function SettingsForm({
  chain,
  safe,
  info,
  onReview,
  onAddToBatch,
  initialAction,
  initialTarget,
}: Props) {
  const setup = useSafeSetupState(chain.chainId, safe, info)
  const update = useImplementationUpdate(chain.chainId, safe, info, canUpdateImplementation(info.version))
  const updatable = canUpdateImplementation(update.version)
  const plan = updatable ? buildUpdateImplementation(update) : null
  const replacesHandler = !!plan?.ok && plan.value.setsFallbackHandler
  const actions = Object.entries(SETTINGS_ACTIONS).filter(
    ([value]) => value !== 'updateImplementation' || updatable || initialAction === value,
  )
  const [action, setAction] = useState<SettingsAction>(initialAction ?? 'addOwner')
  // A target from Settings → Setup picks an existing owner/module, or fills the address field.
  const selectsTarget =
    initialAction === 'removeOwner' || initialAction === 'swapOwner' || initialAction === 'disableModule'
  const [address, setAddress] = useState(selectsTarget ? '' : (initialTarget ?? ''))
  const [selected, setSelected] = useState(selectsTarget ? (initialTarget ?? '') : '')
  const [threshold, setThreshold] = useState(String(info.threshold))
  const [error, setError] = useState<string | null>(null)
  const ids = { action: useId(), address: useId(), selected: useId(), threshold: useId() }

  const needsAddress = ['addOwner', 'swapOwner', 'enableModule', 'setGuard', 'setFallbackHandler'].includes(
    action,
  )
  const selectsOwner = action === 'removeOwner' || action === 'swapOwner'
  const selectsModule = action === 'disableModule'
  const needsThreshold = ['addOwner', 'removeOwner', 'changeThreshold'].includes(action)
  const ownersAfter = setup.owners.length + (action === 'addOwner' ? 1 : action === 'removeOwner' ? -1 : 0)
  // A threshold above the owners left after the change is lowered to the most allowed.
  const shownThreshold = String(Math.min(Number(threshold), Math.max(ownersAfter, 1)))
  const choices = selectsOwner ? setup.owners : selectsModule ? setup.modules : []
  const chosen = (choices.find((c) => c.toLowerCase() === selected.toLowerCase()) ?? choices[0]) as
    | Address
    | undefined

  const build = (): BuildResult<SafeCall> & { summary?: string } => {
    const typed = parseAddress(address)
    const t = Number(shownThreshold)
    if (needsAddress && !typed.ok) return typed
    if ((selectsOwner || selectsModule) && !chosen) return { ok: false, error: 'Nothing to choose from' }
    const target = typed.ok ? typed.value : zeroAddress
    const old = chosen ?? zeroAddress
    switch (action) {
      case 'addOwner':
        return { ...buildAddOwner(setup, target, t), summary: `Add owner ${target}, threshold ${t}` }
      case 'removeOwner':
        return { ...buildRemoveOwner(setup, old, t), summary: `Remove owner ${old}, threshold ${t}` }
      case 'swapOwner':
        return { ...buildSwapOwner(setup, old, target), summary: `Replace owner ${old} with ${target}` }
      case 'changeThreshold':
        return { ...buildChangeThreshold(setup, t), summary: `Change the threshold to ${t}` }
      case 'enableModule':
        return { ...buildEnableModule(setup, target), summary: `Enable module ${target}` }
      case 'disableModule':
        return { ...buildDisableModule(setup, old), summary: `Disable module ${old}` }
      case 'setGuard':
        return { ...buildSetGuard(setup, target), summary: `Set the guard to ${target}` }
      case 'removeGuard':
        return { ...buildSetGuard(setup, zeroAddress), summary: 'Remove the transaction guard' }
      case 'setFallbackHandler':
        return { ...buildSetFallbackHandler(setup, target), summary: `Set the fallback handler to ${target}` }
      case 'updateImplementation': {
        if (update.contract !== 'present') return { ok: false, error: MIGRATION_PROBLEM[update.contract] }
        const built = plan ?? buildUpdateImplementation(update)
        if (!built.ok) return built
        const { l2, setsFallbackHandler } = built.value
        const handler = setsFallbackHandler ? ` and its CompatibilityFallbackHandler` : ''
        return {
          ok: true,
          value: built.value.call,
          summary: `Update to ${SAFE_VERSION}: SafeMigration switches the Safe to the ${SAFE_VERSION} ${l2 ? 'SafeL2' : 'Safe'} singleton${handler}`,
        }
      }
    }
  }

  const submit = (mode: SubmitMode) => {
    const result = build()
    if (!result.ok) return setError(result.error)
    if (mode === 'batch' && result.value.operation === 1)
      return setError(
        'The update is a DELEGATECALL, which a batch (MultiSendCallOnly) refuses: review it alone',
      )
    setError(null)
    const draft = { call: result.value, summary: result.summary ?? SETTINGS_ACTIONS[action] }
    deliverDraft(mode, draft, { onReview, onAddToBatch })
  }

  return (
    <FormShell testId="settings-form" onSubmit={submit} error={error} errorTestId="settings-error">
      <Field id={ids.action} label="Change" testId="settings-action">
        <select
          id={ids.action}
          value={action}
          onChange={(event) => {
            setAction(event.target.value as SettingsAction)
            setError(null)
          }}
          data-testid="settings-action-select"
        >
          {actions.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {selectsOwner || selectsModule ? (
        <Field id={ids.selected} label={selectsModule ? 'Module' : 'Owner'} testId="settings-selected">
          <select
            id={ids.selected}
            value={chosen ?? ''}
            onChange={(event) => setSelected(event.target.value)}
            data-testid="settings-selected-select"
          >
            {choices.length === 0 ? <option value="">None</option> : null}
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {needsAddress ? (
        <Field
          id={ids.address}
          label={
            action === 'swapOwner' || action === 'addOwner'
              ? 'New owner'
              : action === 'enableModule'
                ? 'Module'
                : action === 'setGuard'
                  ? 'Guard contract'
                  : 'Fallback handler'
          }
          testId="settings-address"
        >
          <AddressInput
            id={ids.address}
            value={address}
            onChange={setAddress}
            testId="settings-address-input"
          />
        </Field>
      ) : null}
      {needsThreshold ? (
        <Field
          id={ids.threshold}
          label="Threshold"
          hint={`out of ${ownersAfter} owners`}
          testId="settings-threshold"
        >
          <select
            id={ids.threshold}
            value={shownThreshold}
            onChange={(event) => setThreshold(event.target.value)}
            data-testid="settings-threshold-select"
          >
            {Array.from({ length: Math.max(ownersAfter, 1) }, (_, i) => String(i + 1)).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {action === 'updateImplementation' ? (
        <p className="tx-warning small" data-testid="settings-update-note">
          A DELEGATECALL to Safe's SafeMigration {SAFE_VERSION} ({safeMigrationsV141.safeMigration}): it
          points this {update.version ?? ''} Safe at the {SAFE_VERSION}{' '}
          {update.version?.endsWith('+L2') ? 'SafeL2' : 'Safe'} singleton
          {replacesHandler
            ? ' and replaces the 1.3.0 CompatibilityFallbackHandler with the 1.4.1 one'
            : ' and keeps its fallback handler'}
          . Owners, threshold, modules, guard, nonce and assets stay.
        </p>
      ) : null}
      {action === 'setGuard' ? (
        <p className="tx-warning small">
          A guard checks every transaction: a faulty guard can lock the Safe. Only set a guard you have
          audited.
        </p>
      ) : null}
      {!setup.fromChain ? (
        <p className="muted small">
          Owners and modules are the gateway's lists (the chain could not be read yet).
        </p>
      ) : null}
    </FormShell>
  )
}
