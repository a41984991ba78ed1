import { allowanceModuleAbi, chainAllowanceModule, delegateIndex } from '@concord/safe/allowanceModule'
import { useId, useState } from 'react'
import { type Address, isAddressEqual, zeroAddress } from 'viem'
import { useConfig } from 'wagmi'
import { readContract } from 'wagmi/actions'
import { formatTokenAmount } from '../../../../lib/format'
import { formatGatewayError } from '../../../../lib/gateway'
import { parseAddress } from '../../builders/address'
import { parseAmount } from '../../builders/amount'
import {
  buildAllowanceChange,
  buildSetSpendingLimit,
  parseResetMinutes,
  RESET_UNITS,
  type ResetUnit,
} from '../../builders/spendingLimit'
import { Field } from '../Field'
import { AddressField, deliverDraft, FormShell, TokenSelect } from './FormShell'
import type { SubmitMode, TxFlowAssets, TxFormProps } from './formTypes'

export const LIMIT_ACTIONS = {
  set: 'Set or change',
  reset: 'Reset what was spent',
  delete: 'Delete',
} as const
export type LimitAction = keyof typeof LIMIT_ACTIONS
export const isLimitAction = (v: string | null | undefined): v is LimitAction =>
  !!v && Object.hasOwn(LIMIT_ACTIONS, v)

const NATIVE_TYPES = new Set(['NATIVE_TOKEN', 'NATIVE_COIN'])
const tokenAddress = (item: { tokenInfo: { type: string; address: string } }) =>
  (NATIVE_TYPES.has(item.tokenInfo.type) ? zeroAddress : item.tokenInfo.address) as Address

/**
 * A spending limit (AllowanceModule) as an ordinary Safe transaction: set or change one for a beneficiary and
 * token, enabling the module and adding the beneficiary as a delegate in the same batch where needed; or reset
 * or delete one.
 */
export function SpendingLimitForm({
  chain,
  safe,
  info,
  balances,
  onReview,
  onAddToBatch,
  initial,
}: TxFormProps & {
  balances: TxFlowAssets['balances']
  initial?: { action?: LimitAction | undefined; beneficiary?: string | undefined; token?: string | undefined }
}) {
  const config = useConfig()
  const module = chainAllowanceModule(chain)
  const items = balances.data?.items ?? []
  const [action, setAction] = useState<LimitAction>(initial?.action ?? 'set')
  const [beneficiary, setBeneficiary] = useState(initial?.beneficiary ?? '')
  const [token, setToken] = useState(initial?.token?.toLowerCase() ?? '')
  const [amount, setAmount] = useState('')
  const [unit, setUnit] = useState<ResetUnit>('once')
  const [count, setCount] = useState('1')
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const [busy, setBusy] = useState(false)
  const ids = { action: useId(), beneficiary: useId(), token: useId(), amount: useId(), reset: useId() }

  const selected =
    items.find((item) => tokenAddress(item).toLowerCase() === token) ?? (token === '' ? items[0] : undefined)
  const decimals = selected?.tokenInfo.decimals ?? 18

  if (!module)
    return <p className="muted">This chain has no spending-limit module (AllowanceModule) deployed.</p>

  const submit = async (mode: SubmitMode) => {
    const delegate = parseAddress(beneficiary, 'beneficiary')
    if (!selected) return setErrors({ token: 'Choose a token the Safe holds' })
    const tokenAddr = tokenAddress(selected)
    const symbol = selected.tokenInfo.symbol
    if (!delegate.ok) return setErrors({ beneficiary: delegate.error })
    if (action !== 'set') {
      setErrors({})
      const change = action === 'reset' ? 'resetAllowance' : 'deleteAllowance'
      const verb = action === 'reset' ? 'Reset the spending limit' : 'Delete the spending limit'
      const call = buildAllowanceChange(module, change, delegate.value, tokenAddr)
      return deliverDraft(
        mode,
        { call, summary: `${verb} of ${delegate.value} in ${symbol}` },
        { onReview, onAddToBatch },
      )
    }
    const value = parseAmount(amount, decimals)
    const reset = parseResetMinutes(unit, count)
    setErrors({ amount: value.ok ? undefined : value.error, reset: reset.ok ? undefined : reset.error })
    if (!value.ok || !reset.ok) return
    setBusy(true)
    try {
      // Read on chain, not from the gateway: whether the beneficiary is already a delegate of this Safe.
      const [listed] = await readContract(config, {
        chainId: Number(chain.chainId),
        address: module,
        abi: allowanceModuleAbi,
        functionName: 'delegates',
        args: [safe, delegateIndex(delegate.value)],
      })
      const built = buildSetSpendingLimit({
        safe,
        module,
        moduleEnabled: (info.modules ?? []).some((m) => isAddressEqual(m.value as Address, module)),
        delegateAdded: isAddressEqual(listed, delegate.value),
        delegate: delegate.value,
        token: tokenAddr,
        amount: value.value,
        resetTimeMin: reset.value,
        version: info.version,
      })
      if (!built.ok) return setErrors({ form: built.error })
      const periods = Number(count.trim())
      const every =
        reset.value === 0
          ? 'one-time'
          : `reset every ${periods === 1 ? unit.replace(/s$/, '') : `${periods} ${unit}`}`
      const summary = `Spending limit of ${formatTokenAmount(value.value, decimals, decimals)} ${symbol} for ${delegate.value} (${every})`
      deliverDraft(mode, { call: built.value, summary }, { onReview, onAddToBatch })
    } catch (error) {
      setErrors({ form: `Could not read the module on chain: ${formatGatewayError(error)}` })
    } finally {
      setBusy(false)
    }
  }

  return (
    <FormShell
      testId="spending-limit-form"
      onSubmit={(mode) => void submit(mode)}
      error={errors.form ?? (busy ? 'Reading the module…' : null)}
    >
      <Field id={ids.action} label="Action" testId="limit-action">
        <select
          id={ids.action}
          value={action}
          onChange={(e) => setAction(e.target.value as LimitAction)}
          data-testid="limit-action-select"
        >
          {Object.entries(LIMIT_ACTIONS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <AddressField
        id={ids.beneficiary}
        label="Beneficiary"
        value={beneficiary}
        onChange={setBeneficiary}
        error={errors.beneficiary}
        testId="limit-beneficiary"
      />
      <Field
        id={ids.token}
        label="Token"
        error={errors.token ?? (balances.error ? formatGatewayError(balances.error) : null)}
        testId="limit-token"
      >
        <TokenSelect
          id={ids.token}
          items={items}
          value={selected ? tokenAddress(selected).toLowerCase() : token}
          onChange={setToken}
          fetching={balances.isFetching}
          testId="limit-token-select"
          optionValue={(item) => tokenAddress(item).toLowerCase()}
          optionLabel={(item) => item.tokenInfo.symbol}
        />
      </Field>
      <div hidden={action !== 'set'}>
        <Field id={ids.amount} label="Amount" error={errors.amount} testId="limit-amount">
          <input
            id={ids.amount}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={Boolean(errors.amount)}
            data-testid="limit-amount-input"
          />
        </Field>
        <Field id={ids.reset} label="Reset" error={errors.reset} testId="limit-reset">
          <div className="form-row">
            <select
              id={ids.reset}
              value={unit}
              onChange={(e) => setUnit(e.target.value as ResetUnit)}
              data-testid="limit-reset-unit"
            >
              {Object.entries(RESET_UNITS).map(([value, { label }]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
            <input
              type="text"
              inputMode="numeric"
              aria-label="Number of periods"
              value={count}
              onChange={(e) => setCount(e.target.value)}
              disabled={unit === 'once'}
              data-testid="limit-reset-count"
            />
          </div>
        </Field>
      </div>
    </FormShell>
  )
}
