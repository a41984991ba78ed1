// Decodes transaction calldata into the Client Gateway's DataDecoded shape (as its POST …/data-decoder answers)
// with the ABIs of abiRegistry.ts. Pure and synchronous; never throws (anything it cannot decode is null).
// Hostile input stays cheap: MultiSend nesting is capped at MAX_DEPTH and the whole decode shares one
// DecodeBudget (decodeBudget.ts), so work and answer grow linearly with the input; what the budget cannot pay for
// is left null.
import { type AbiFunction, type AbiParameter, type Address, decodeFunctionData, type Hex } from 'viem'
import { createAbiRegistry, type ExtraAbi } from './abiRegistry.ts'
import { DecodeBudget } from './decodeBudget.ts'
import { isHexData } from './hex.ts'
import { bytesArgument, type MultiSendCall, unpackRange } from './multiSend.ts'
import { canonicalType, type ParamValue, toValue } from './parameterValues.ts'

export type DataDecodedAccuracy =
  | 'FULL_MATCH'
  | 'PARTIAL_MATCH'
  | 'ONLY_FUNCTION_MATCH'
  | 'NO_MATCH'
  | 'UNKNOWN'

export type DataDecodedParameter = {
  name: string
  /** Canonical ABI type, tuples spelled out: `address`, `uint256[]`, `(address,uint256)[]`. */
  type: string
  value: ParamValue
  /**
   * Only on multiSend's `transactions` parameter: the unpacked calls (null if the packing is malformed, or
   * beyond the decode budget).
   */
  valueDecoded?: MultiSendTx[] | BaseDataDecoded | null
}

/** `parameters` is null when the values would outgrow the decode budget. */
export type BaseDataDecoded = { method: string; parameters: DataDecodedParameter[] | null }

export type DataDecoded = BaseDataDecoded & { accuracy: DataDecodedAccuracy }

/** A call of a MultiSend batch; `dataDecoded` is null for unknown data, too deep or beyond the budget. */
export type MultiSendTx = MultiSendCall & { dataDecoded: BaseDataDecoded | null }

export type DataDecoder = {
  /** Decodes `data` (a call to `to`, whose address-bound ABIs win); null for `0x`, unknown or undecodable data. */
  decode(data: Hex | string, to?: Address | string | null): DataDecoded | null
}

/** Deeper MultiSend-in-MultiSend batches are left undecoded. */
export const MAX_DEPTH = 8

export function createDataDecoder({ extraAbis = [] }: { extraAbis?: readonly ExtraAbi[] } = {}): DataDecoder {
  const registry = createAbiRegistry(extraAbis)

  /** `data`: lower-case calldata. */
  const decodeBase = (
    data: Hex,
    to: string | undefined,
    depth: number,
    budget: DecodeBudget,
  ): BaseDataDecoded | null => {
    if (data.length < 10) return null
    const fn = registry.lookup(data.slice(0, 10), to)
    if (!fn) return null
    // A nested call pays for reading its bytes up front (the top level is the input itself).
    if (depth > 0 && !budget.take(data.length)) return null
    let args: readonly unknown[]
    try {
      args = isMultiSendFunction(fn)
        ? multiSendArgs(data)
        : (decodeFunctionData({ abi: [fn] as const, data }).args ?? [])
    } catch {
      return null
    }
    let parameters: DataDecodedParameter[]
    try {
      parameters = fn.inputs.map((input, i) => ({
        name: input.name ?? '',
        type: canonicalType(input),
        value: toValue(input, args[i], budget),
      }))
    } catch (error) {
      if (!(error instanceof DecodeBudget.Exceeded)) throw error
      return depth > 0 ? null : { method: fn.name, parameters: null }
    }
    fn.inputs.forEach((input, i) => {
      const parameter = parameters[i] as DataDecodedParameter
      if (isMultiSend(fn, input)) parameter.valueDecoded = decodeBatch(parameter.value as Hex, depth, budget)
    })
    return { method: fn.name, parameters }
  }

  const decodeBatch = (transactions: Hex, depth: number, budget: DecodeBudget): MultiSendTx[] | null => {
    // The calls' `data` repeat the batch once more in the answer.
    if (!budget.take(transactions.length)) return null
    return (
      unpackRange(transactions, 2, transactions.length)?.map((call) => ({
        ...call,
        dataDecoded:
          call.data && depth < MAX_DEPTH ? decodeBase(call.data, call.to, depth + 1, budget) : null,
      })) ?? null
    )
  }

  return {
    decode(data, to) {
      try {
        if (!isHexData(data)) return null
        const decoded = decodeBase(
          data.toLowerCase() as Hex,
          to ?? undefined,
          0,
          new DecodeBudget(data.length),
        )
        return decoded && { ...decoded, accuracy: 'FULL_MATCH' }
      } catch {
        return null
      }
    },
  }
}

const isMultiSend = (fn: AbiFunction, input: AbiParameter) =>
  fn.name === 'multiSend' && input.name === 'transactions' && input.type === 'bytes'

const isMultiSendFunction = (fn: AbiFunction) =>
  fn.inputs.length === 1 && isMultiSend(fn, fn.inputs[0] as AbiParameter)

/**
 * multiSend(bytes)'s argument, sliced from the calldata: viem would turn the whole batch into bytes and back
 * into hex at every nesting level.
 */
function multiSendArgs(data: Hex): [Hex] {
  const range = bytesArgument(data, 10)
  if (!range) throw new Error('malformed multiSend calldata')
  return [`0x${data.slice(range.start, range.end)}`]
}
