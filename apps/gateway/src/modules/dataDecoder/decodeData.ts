// Decodes transaction calldata into CGW's DataDecoded shape (cgw-api §6.4) with the ABIs of abiRegistry.ts.
// Pure and synchronous; never throws (anything it cannot decode is null).
import { multiSendAbi } from '@concord/safe/contracts'
import {
  type AbiFunction,
  type AbiParameter,
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
} from 'viem'
import { createAbiRegistry, type ExtraAbi } from './abiRegistry.ts'

/** A decoded value: scalars as strings, arrays (and tuples) as arrays, nested for nested arrays. */
export type ParamValue = string | ParamValue[]

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
  /** Only on multiSend's `transactions` parameter: the unpacked calls (null if the packing is malformed). */
  valueDecoded?: MultiSendTx[] | BaseDataDecoded | null
}

export type BaseDataDecoded = { method: string; parameters: DataDecodedParameter[] | null }

export type DataDecoded = BaseDataDecoded & { accuracy: DataDecodedAccuracy }

export type MultiSendTx = {
  operation: 0 | 1
  to: Address
  /** Wei, decimal. */
  value: string
  /** null when the call carries no data. */
  data: Hex | null
  dataDecoded: BaseDataDecoded | null
}

/** One call of a MultiSend batch as packed on chain. */
export type MultiSendCall = Omit<MultiSendTx, 'dataDecoded'>

export type DataDecoder = {
  /** Decodes `data` (a call to `to`, whose address-bound ABIs win); null for `0x`, unknown or undecodable data. */
  decode(data: Hex | string, to?: Address | string | null): DataDecoded | null
}

const HEX = /^0x([0-9a-fA-F]{2})*$/
const MULTI_SEND_SELECTOR = '0x8d80ff0a'
/** Deeper MultiSend-in-MultiSend batches are left undecoded (bounds the recursion on hostile input). */
const MAX_DEPTH = 8

/**
 * Unpacks MultiSend's `transactions` bytes (per call: operation uint8, to address, value uint256, data length
 * uint256, data), or a whole `multiSend(bytes)` calldata. Null when the encoding is malformed.
 */
export function unpackMultiSend(hex: string): MultiSendCall[] | null {
  if (typeof hex !== 'string' || !HEX.test(hex)) return null
  let packed = hex.toLowerCase()
  // A packed batch starts with an operation byte (00/01), so a selector prefix is unambiguous.
  if (packed.startsWith(MULTI_SEND_SELECTOR)) {
    try {
      packed = decodeFunctionData({ abi: multiSendAbi, data: packed as Hex }).args[0].toLowerCase()
    } catch {
      return null
    }
  }
  const body = packed.slice(2)
  const HEADER = (1 + 20 + 32 + 32) * 2
  const calls: MultiSendCall[] = []
  let i = 0
  while (i < body.length) {
    if (body.length - i < HEADER) return null
    const operation = Number.parseInt(body.slice(i, i + 2), 16)
    if (operation !== 0 && operation !== 1) return null
    const to = getAddress(`0x${body.slice(i + 2, i + 42)}`)
    const value = BigInt(`0x${body.slice(i + 42, i + 106)}`).toString()
    const length = BigInt(`0x${body.slice(i + 106, i + HEADER)}`)
    i += HEADER
    if (length * 2n > BigInt(body.length - i)) return null
    const end = i + Number(length) * 2
    calls.push({ operation, to, value, data: end > i ? `0x${body.slice(i, end)}` : null })
    i = end
  }
  return calls
}

export function createDataDecoder({ extraAbis = [] }: { extraAbis?: readonly ExtraAbi[] } = {}): DataDecoder {
  const registry = createAbiRegistry(extraAbis)

  const decodeBase = (data: string, to: string | undefined, depth: number): BaseDataDecoded | null => {
    if (!HEX.test(data) || data.length < 10) return null
    const calldata = data.toLowerCase() as Hex
    const fn = registry.lookup(calldata.slice(0, 10), to)
    if (!fn) return null
    let args: readonly unknown[]
    try {
      args = decodeFunctionData({ abi: [fn] as const, data: calldata }).args ?? []
    } catch {
      return null
    }
    const parameters = fn.inputs.map((input, i): DataDecodedParameter => {
      const parameter: DataDecodedParameter = {
        name: input.name ?? '',
        type: canonicalType(input),
        value: toValue(input, args[i]),
      }
      if (isMultiSend(fn, input)) parameter.valueDecoded = decodeBatch(args[i] as string, depth)
      return parameter
    })
    return { method: fn.name, parameters }
  }

  const decodeBatch = (transactions: string, depth: number): MultiSendTx[] | null =>
    unpackMultiSend(transactions)?.map((call) => ({
      ...call,
      dataDecoded: call.data && depth < MAX_DEPTH ? decodeBase(call.data, call.to, depth + 1) : null,
    })) ?? null

  return {
    decode(data, to) {
      try {
        if (typeof data !== 'string') return null
        const decoded = decodeBase(data, to ?? undefined, 0)
        return decoded && { ...decoded, accuracy: 'FULL_MATCH' }
      } catch {
        return null
      }
    },
  }
}

const isMultiSend = (fn: AbiFunction, input: AbiParameter) =>
  fn.name === 'multiSend' && input.name === 'transactions' && input.type === 'bytes'

type WithComponents = AbiParameter & { components?: readonly AbiParameter[] }

function canonicalType(param: WithComponents): string {
  if (!param.type.startsWith('tuple')) return param.type
  const components = (param.components ?? []).map(canonicalType).join(',')
  return `(${components})${param.type.slice('tuple'.length)}`
}

function toValue(param: WithComponents, value: unknown): ParamValue {
  const array = /^(.*)\[\d*\]$/.exec(param.type)
  if (array) {
    const item = { ...param, type: array[1] ?? '' }
    return (value as readonly unknown[]).map((v) => toValue(item, v))
  }
  if (param.type === 'tuple') {
    // viem returns an array when a component is unnamed, an object keyed by name otherwise.
    return (param.components ?? []).map((component, i) =>
      toValue(
        component,
        Array.isArray(value) ? value[i] : (value as Record<string, unknown>)[component.name ?? ''],
      ),
    )
  }
  if (param.type === 'address') return getAddress(value as string)
  return String(value)
}
