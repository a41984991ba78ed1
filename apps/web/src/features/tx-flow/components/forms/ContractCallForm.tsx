import { useId, useMemo, useState } from 'react'
import type { AbiFunction } from 'viem'
import { parseAddress } from '../../builders/address'
import { parseAmount } from '../../builders/amount'
import {
  buildContractCall,
  functionLabel,
  parseAbiText,
  parseArgument,
  writeFunctions,
} from '../../builders/contractCall'
import { KNOWN_ABIS } from '../../builders/knownAbis'
import { Field } from '../Field'
import { AddressField, deliverDraft, FormShell } from './FormShell'
import type { SubmitMode, TxFormProps } from './formTypes'

type Errors = { contract?: string; abi?: string; value?: string; call?: string; args: (string | undefined)[] }

const placeholderFor = (type: string): string => {
  if (type === 'address') return '0x…'
  if (type === 'bool') return 'true or false'
  if (/^u?int/.test(type) && !type.endsWith(']')) return '0'
  if (type.startsWith('bytes') && !type.endsWith(']')) return '0x…'
  if (type.endsWith(']') || type.startsWith('tuple')) return 'JSON, e.g. ["…"]'
  return ''
}

/** Call a write method of any contract: a known ABI (ERC20, ERC721, Safe) or a pasted one, a field per input. */
export function ContractCallForm({ chain, onReview, onAddToBatch }: TxFormProps) {
  const [contract, setContract] = useState('')
  const [source, setSource] = useState<string>(KNOWN_ABIS[0].id)
  const [abiText, setAbiText] = useState('')
  const [method, setMethod] = useState(0)
  const [args, setArgs] = useState<string[]>([])
  const [value, setValue] = useState('')
  const [errors, setErrors] = useState<Errors>({ args: [] })
  const ids = {
    contract: useId(),
    source: useId(),
    abi: useId(),
    method: useId(),
    value: useId(),
    arg: useId(),
  }

  const parsedAbi = useMemo(
    () =>
      source === 'custom'
        ? parseAbiText(abiText)
        : { ok: true as const, value: KNOWN_ABIS.find((k) => k.id === source)?.abi ?? [] },
    [source, abiText],
  )
  const functions: AbiFunction[] = useMemo(
    () => (parsedAbi.ok ? writeFunctions(parsedAbi.value) : []),
    [parsedAbi],
  )
  const fn = functions[method]
  const { symbol, decimals } = chain.nativeCurrency

  const chooseMethod = (index: number) => {
    setMethod(index)
    setArgs([])
    setErrors({ args: [] })
  }

  const submit = (mode: SubmitMode) => {
    const to = parseAddress(contract, 'contract address')
    const next: Errors = { contract: to.ok ? undefined : to.error, args: [] }
    if (!fn) next.abi = parsedAbi.ok ? 'This ABI has no method that writes' : parsedAbi.error
    const parsedArgs = (fn?.inputs ?? []).map((input, index) => parseArgument(input, args[index] ?? ''))
    next.args = parsedArgs.map((arg) => (arg.ok ? undefined : arg.error))
    let amount = 0n
    if (fn?.stateMutability === 'payable' && value.trim() !== '') {
      const parsed = parseAmount(value, decimals)
      if (parsed.ok) amount = parsed.value
      else next.value = parsed.error
    }
    setErrors(next)
    if (!to.ok || !fn || next.value || next.args.some(Boolean)) return
    const call = buildContractCall({
      to: to.value,
      fn,
      args: parsedArgs.map((arg) => (arg.ok ? arg.value : undefined)),
      value: amount,
    })
    if (!call.ok) return setErrors({ ...next, call: call.error })
    const draft = { call: call.value, summary: `Call ${functionLabel(fn)} on ${to.value}` }
    deliverDraft(mode, draft, { onReview, onAddToBatch })
  }

  return (
    <FormShell testId="contract-call-form" onSubmit={submit} error={errors.call}>
      <AddressField
        id={ids.contract}
        label="Contract address"
        value={contract}
        onChange={setContract}
        error={errors.contract}
        testId="contract-address"
      />
      <Field id={ids.source} label="ABI" testId="contract-abi-source">
        <select
          id={ids.source}
          value={source}
          onChange={(event) => {
            setSource(event.target.value)
            chooseMethod(0)
          }}
          data-testid="contract-abi-select"
        >
          {KNOWN_ABIS.map((known) => (
            <option key={known.id} value={known.id}>
              {known.label}
            </option>
          ))}
          <option value="custom">Paste an ABI…</option>
        </select>
      </Field>
      {source === 'custom' ? (
        <Field
          id={ids.abi}
          label="ABI JSON (or one function signature per line)"
          error={abiText.trim() === '' ? errors.abi : parsedAbi.ok ? errors.abi : parsedAbi.error}
          testId="contract-abi"
        >
          <textarea
            id={ids.abi}
            spellCheck={false}
            value={abiText}
            onChange={(event) => {
              setAbiText(event.target.value)
              chooseMethod(0)
            }}
            placeholder='[{"type":"function","name":"deposit","inputs":[],"stateMutability":"payable"}]'
            data-testid="contract-abi-input"
          />
        </Field>
      ) : null}
      <Field
        id={ids.method}
        label="Method"
        error={source === 'custom' ? null : errors.abi}
        testId="contract-method"
      >
        <select
          id={ids.method}
          value={method}
          onChange={(event) => chooseMethod(Number(event.target.value))}
          disabled={functions.length === 0}
          data-testid="contract-method-select"
        >
          {functions.length === 0 ? <option value={0}>No write methods</option> : null}
          {functions.map((candidate, index) => (
            <option key={functionLabel(candidate)} value={index}>
              {functionLabel(candidate)}
            </option>
          ))}
        </select>
      </Field>
      {fn?.inputs.map((input, index) => (
        <Field
          // biome-ignore lint/suspicious/noArrayIndexKey: inputs are positional
          key={`${functionLabel(fn)}-${index}`}
          id={`${ids.arg}-${index}`}
          label={
            <>
              {input.name || `#${index}`} <span className="muted small">{input.type}</span>
            </>
          }
          error={errors.args[index]}
          testId={`contract-arg-${index}`}
        >
          <input
            id={`${ids.arg}-${index}`}
            type="text"
            spellCheck={false}
            autoComplete="off"
            placeholder={placeholderFor(input.type)}
            value={args[index] ?? ''}
            onChange={(event) => {
              const next = [...args]
              next[index] = event.target.value
              setArgs(next)
            }}
            aria-invalid={Boolean(errors.args[index])}
            data-testid={`contract-arg-${index}-input`}
          />
        </Field>
      ))}
      {fn?.stateMutability === 'payable' ? (
        <Field id={ids.value} label={`Value (${symbol})`} error={errors.value} testId="contract-value">
          <input
            id={ids.value}
            type="text"
            inputMode="decimal"
            placeholder="0"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            data-testid="contract-value-input"
          />
        </Field>
      ) : null}
    </FormShell>
  )
}
