import {
  type Abi,
  type AbiFunction,
  type AbiParameter,
  type Address,
  encodeFunctionData,
  isHex,
  parseAbi,
  size,
  toFunctionSignature,
} from 'viem'
import { type BuildResult, fail, ok, type SafeCall } from '../types'
import { parseAddress } from './address'

type RawAbiFunction = Partial<AbiFunction> & { constant?: boolean; payable?: boolean }

/**
 * A pasted ABI: JSON (an array, or an object with an `abi` array as Hardhat/Foundry artifacts have) or
 * human-readable signatures, one per line (`function transfer(address to, uint256 amount)`).
 */
export function parseAbiText(text: string): BuildResult<Abi> {
  const trimmed = text.trim()
  if (trimmed === '') return fail('Paste an ABI')
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    let json: unknown
    try {
      json = JSON.parse(trimmed)
    } catch (error) {
      return fail(`Not valid JSON: ${(error as Error).message}`)
    }
    const list = Array.isArray(json) ? json : (json as { abi?: unknown }).abi
    if (!Array.isArray(list))
      return fail('Expected a JSON array of ABI entries (or an object with an "abi" array)')
    if (!list.every((entry) => typeof entry === 'object' && entry !== null && typeof entry.type === 'string'))
      return fail('Every ABI entry needs a "type"')
    return ok(list as Abi)
  }
  try {
    const lines = trimmed
      .split('\n')
      .map((line) => line.trim().replace(/[;,]$/, ''))
      .filter(Boolean)
    return ok(parseAbi(lines))
  } catch (error) {
    return fail(`Not a valid ABI: ${(error as Error).message.split('\n')[0]}`)
  }
}

const mutability = (fn: RawAbiFunction): AbiFunction['stateMutability'] =>
  fn.stateMutability ?? (fn.constant ? 'view' : fn.payable ? 'payable' : 'nonpayable')

/** The functions of an ABI that change state (what a transaction can call), with legacy ABIs normalised. */
export function writeFunctions(abi: Abi): AbiFunction[] {
  return (abi as readonly RawAbiFunction[])
    .filter((entry) => entry.type === 'function' && typeof entry.name === 'string')
    .map((entry) => ({
      type: 'function' as const,
      name: entry.name as string,
      inputs: entry.inputs ?? [],
      outputs: entry.outputs ?? [],
      stateMutability: mutability(entry),
    }))
    .filter((fn) => fn.stateMutability !== 'view' && fn.stateMutability !== 'pure')
}

/** `transfer(address,uint256)`: tells overloads apart in the method picker. */
export const functionLabel = (fn: AbiFunction): string => toFunctionSignature(fn)

const ARRAY = /^(.*)\[(\d*)\]$/
const INTEGER = /^(u?)int(\d*)$/
const FIXED_BYTES = /^bytes(\d+)$/

/**
 * One form field's text as the ABI type wants it. Scalars are typed as they are (`42`, `0x…`, `true`);
 * arrays and tuples as JSON (`["0x…", "0x…"]`, `[1, "abc"]` or `{"a": 1}` for a tuple).
 */
export function parseArgument(param: AbiParameter, raw: string): BuildResult<unknown> {
  if (ARRAY.test(param.type) || param.type.startsWith('tuple')) {
    let json: unknown
    try {
      json = JSON.parse(raw)
    } catch {
      return fail(
        `Expected JSON for ${param.type}, e.g. ${param.type.startsWith('tuple') ? '[1, "0x…"]' : '["…", "…"]'}`,
      )
    }
    return convert(param, json)
  }
  return parseScalar(param.type, raw)
}

function convert(param: AbiParameter, value: unknown): BuildResult<unknown> {
  const array = ARRAY.exec(param.type)
  if (array) {
    const [, base = '', length] = array
    if (!Array.isArray(value)) return fail(`Expected a JSON array for ${param.type}`)
    if (length && value.length !== Number(length))
      return fail(`${param.type} needs exactly ${length} elements`)
    const items: unknown[] = []
    for (const item of value) {
      const converted = convert({ ...param, type: base }, item)
      if (!converted.ok) return converted
      items.push(converted.value)
    }
    return ok(items)
  }
  if (param.type === 'tuple') {
    const components = (param as { components?: readonly AbiParameter[] }).components ?? []
    const byPosition = Array.isArray(value)
    if (typeof value !== 'object' || value === null)
      return fail('Expected a JSON array or object for a tuple')
    if (byPosition && value.length !== components.length)
      return fail(`The tuple needs ${components.length} elements`)
    const fields: unknown[] = []
    for (const [index, component] of components.entries()) {
      const item = byPosition ? value[index] : (value as Record<string, unknown>)[component.name ?? '']
      if (item === undefined) return fail(`Missing tuple field ${component.name || index}`)
      const converted = convert(component, item)
      if (!converted.ok) return fail(`${component.name || `#${index}`}: ${converted.error}`)
      fields.push(converted.value)
    }
    return ok(fields)
  }
  if (typeof value === 'string') return parseScalar(param.type, value)
  if (typeof value === 'boolean') return parseScalar(param.type, String(value))
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) return fail('Write large or fractional numbers as strings')
    return parseScalar(param.type, String(value))
  }
  return fail(`Unexpected value for ${param.type}`)
}

function parseScalar(type: string, raw: string): BuildResult<unknown> {
  const text = raw.trim()
  if (type === 'address') return parseAddress(text)
  if (type === 'bool') {
    if (text === 'true' || text === '1') return ok(true)
    if (text === 'false' || text === '0') return ok(false)
    return fail('Expected true or false')
  }
  if (type === 'string') return ok(raw)
  const integer = INTEGER.exec(type)
  if (integer) {
    const [, unsigned, bitsText] = integer
    const bits = BigInt(bitsText || '256')
    if (!/^-?\d+$/.test(text) && !/^0x[0-9a-fA-F]+$/.test(text)) return fail('Expected a whole number')
    const value = BigInt(text)
    const min = unsigned ? 0n : -(2n ** (bits - 1n))
    const max = unsigned ? 2n ** bits - 1n : 2n ** (bits - 1n) - 1n
    if (value < min || value > max) return fail(`Out of range for ${type}`)
    return ok(value)
  }
  if (type === 'bytes') {
    if (!isHex(text) || text.length % 2 !== 0)
      return fail('Expected hex bytes (0x…, an even number of digits)')
    return ok(text)
  }
  const fixed = FIXED_BYTES.exec(type)
  if (fixed) {
    if (!isHex(text) || text.length % 2 !== 0 || size(text) !== Number(fixed[1]))
      return fail(`Expected exactly ${fixed[1]} bytes of hex`)
    return ok(text)
  }
  return fail(`Parameters of type ${type} are not supported`)
}

/** A call of `fn` on `to`; `value` (native coin, base units) only for payable functions. */
export function buildContractCall(p: {
  to: Address
  fn: AbiFunction
  args: readonly unknown[]
  value: bigint
}): BuildResult<SafeCall> {
  if (p.value > 0n && p.fn.stateMutability !== 'payable')
    return fail(`${p.fn.name} is not payable: send no value`)
  try {
    const data = encodeFunctionData({ abi: [p.fn], functionName: p.fn.name, args: p.args })
    return ok({ to: p.to, value: p.value, data, operation: 0 })
  } catch (error) {
    return fail(`Could not encode the call: ${(error as Error).message.split('\n')[0]}`)
  }
}
