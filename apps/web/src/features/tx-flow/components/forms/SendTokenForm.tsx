import { useId, useState } from 'react'
import { formatTokenAmount } from '../../../../lib/format'
import { formatGatewayError } from '../../../../lib/gateway'
import { parseAddress } from '../../builders/address'
import { parseAmountWithin } from '../../builders/amount'
import { buildTokenTransfer, NATIVE_TOKEN } from '../../builders/transfer'
import { Field } from '../Field'
import { AddressField, deliverDraft, FormShell, TokenSelect } from './FormShell'
import type { SubmitMode, TxFlowAssets, TxFormProps } from './formTypes'

const NATIVE_TYPES = new Set(['NATIVE_TOKEN', 'NATIVE_COIN'])

/** Send the native coin or an ERC20 token the Safe holds; the amount is checked against its balance. */
export function SendTokenForm({
  balances,
  onReview,
  onAddToBatch,
  initialToken,
}: TxFormProps & { balances: TxFlowAssets['balances']; initialToken?: string | undefined }) {
  const items = balances.data?.items ?? []
  const [token, setToken] = useState(initialToken?.toLowerCase() ?? '')
  const [recipient, setRecipient] = useState('')
  const [amount, setAmount] = useState('')
  const [errors, setErrors] = useState<{ token?: string; recipient?: string; amount?: string }>({})
  const ids = { token: useId(), recipient: useId(), amount: useId() }

  const selected =
    items.find((item) => item.tokenInfo.address.toLowerCase() === token) ??
    (token === '' ? items[0] : undefined)
  const decimals =
    selected?.tokenInfo.decimals ?? (selected && NATIVE_TYPES.has(selected.tokenInfo.type) ? 18 : 0)

  const submit = (mode: SubmitMode) => {
    if (!selected) return setErrors({ token: 'Choose a token the Safe holds' })
    const to = parseAddress(recipient, 'recipient')
    const value = parseAmountWithin(amount, decimals, selected.balance)
    setErrors({ recipient: to.ok ? undefined : to.error, amount: value.ok ? undefined : value.error })
    if (!to.ok || !value.ok) return
    const native = NATIVE_TYPES.has(selected.tokenInfo.type)
    const call = buildTokenTransfer({
      token: native ? NATIVE_TOKEN : (selected.tokenInfo.address as `0x${string}`),
      recipient: to.value,
      amount: value.value,
    })
    const draft = {
      call,
      summary: `Send ${formatTokenAmount(value.value, decimals, decimals)} ${selected.tokenInfo.symbol} to ${to.value}`,
    }
    deliverDraft(mode, draft, { onReview, onAddToBatch })
  }

  return (
    <FormShell testId="send-token-form" onSubmit={submit}>
      <Field
        id={ids.token}
        label="Token"
        error={errors.token ?? (balances.error ? formatGatewayError(balances.error) : null)}
        testId="send-token"
      >
        <TokenSelect
          id={ids.token}
          items={items}
          value={selected?.tokenInfo.address.toLowerCase() ?? token}
          onChange={setToken}
          fetching={balances.isFetching}
          testId="send-token-select"
          optionValue={(item) => item.tokenInfo.address.toLowerCase()}
          optionLabel={(item) =>
            `${item.tokenInfo.symbol} · ${formatTokenAmount(item.balance, item.tokenInfo.decimals)} available`
          }
        />
      </Field>
      <AddressField
        id={ids.recipient}
        label="Recipient"
        value={recipient}
        onChange={setRecipient}
        error={errors.recipient}
        testId="send-recipient"
      />
      <Field
        id={ids.amount}
        label={`Amount${selected ? ` (${selected.tokenInfo.symbol})` : ''}`}
        error={errors.amount}
        hint={
          selected ? `The Safe holds ${formatTokenAmount(selected.balance, decimals, decimals)}` : undefined
        }
        testId="send-amount"
      >
        <div className="form-row">
          <input
            id={ids.amount}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.0"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={Boolean(errors.amount)}
            data-testid="send-amount-input"
          />
          <button
            type="button"
            className="button"
            disabled={!selected}
            onClick={() =>
              selected &&
              setAmount(formatTokenAmount(selected.balance, decimals, decimals).replaceAll(',', ''))
            }
          >
            Max
          </button>
        </div>
      </Field>
    </FormShell>
  )
}
