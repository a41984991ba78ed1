// Decoded ABI values in CGW's shape (scalars as strings, arrays and tuples as arrays), paid for from a
// DecodeBudget so that hostile input cannot make the answer much larger than the request.
import { type AbiParameter, getAddress } from 'viem'
import type { DecodeBudget } from './decodeBudget.ts'

/** A decoded value: scalars as strings, arrays (and tuples) as arrays, nested for nested arrays. */
export type ParamValue = string | ParamValue[]

type WithComponents = AbiParameter & { components?: readonly AbiParameter[] }

/** Canonical ABI type, tuples spelled out: `address`, `uint256[]`, `(address,uint256)[]`. */
export function canonicalType(param: WithComponents): string {
  if (!param.type.startsWith('tuple')) return param.type
  const components = (param.components ?? []).map(canonicalType).join(',')
  return `(${components})${param.type.slice('tuple'.length)}`
}

/** Throws DecodeBudget.Exceeded once the values produced outgrow the budget. */
export function toValue(param: WithComponents, value: unknown, budget: DecodeBudget): ParamValue {
  const array = /^(.*)\[\d*\]$/.exec(param.type)
  if (array) {
    const item = { ...param, type: array[1] ?? '' }
    const items = value as readonly unknown[]
    budget.spend(items.length)
    return items.map((v) => toValue(item, v, budget))
  }
  if (param.type === 'tuple') {
    // viem returns an array when a component is unnamed, an object keyed by name otherwise.
    return (param.components ?? []).map((component, i) =>
      toValue(
        component,
        Array.isArray(value) ? value[i] : (value as Record<string, unknown>)[component.name ?? ''],
        budget,
      ),
    )
  }
  const text = param.type === 'address' ? getAddress(value as string) : String(value)
  budget.spend(text.length)
  return text
}
