import { decodeMultiSend } from '@concord/safe/multiSend'
import {
  type AbiFunction,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  isAddressEqual,
  isHex,
  parseAbiItem,
  size,
  slice,
  toFunctionSelector,
} from 'viem'

/** The decoder's answer as the gateway sends it (CGW: scalars as strings, arrays and tuples as arrays). */
export type DecodedCall = {
  method: string
  parameters?: readonly { name: string; type: string; value: unknown; valueDecoded?: unknown }[] | null
}

type InnerTransaction = {
  operation: number
  to: string
  value?: string | null
  data: string | null
  dataDecoded?: DecodedCall | null
}

const MAX_DEPTH = 4

// A decoded value in the decoder's text form, lower-cased: CGW checksums addresses, we compare without case.
function asText(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asText)
  if (typeof value === 'object' && value !== null) return Object.values(value).map(asText)
  return String(value).toLowerCase()
}

const sameText = (a: unknown, b: unknown): boolean => JSON.stringify(asText(a)) === JSON.stringify(asText(b))

/** Up to 16 bytes of `data` from byte `from`, for a message. */
const excerpt = (data: Hex, from: number) => {
  const part = slice(data, from, Math.min(size(data), from + 16))
  return size(data) > from + 16 ? `${part}…` : part
}

/**
 * Where `data` differs from `canonical`, the encoding of the call as decoded (both lower-case hex), in words;
 * undefined when they are the same bytes. A decoder (or viem) reads past trailing bytes and accepts offsets
 * that point anywhere, so a call that decodes is not yet a call whose every byte is explained.
 */
export function encodingDifference(data: Hex, canonical: Hex): string | undefined {
  if (data.toLowerCase() === canonical.toLowerCase()) return undefined
  const [actual, expected] = [data.toLowerCase() as Hex, canonical.toLowerCase() as Hex]
  if (actual.startsWith(expected)) {
    const extra = size(actual) - size(expected)
    return `${extra} byte${extra === 1 ? '' : 's'} after the call that no parameter explains (${excerpt(actual, size(expected))})`
  }
  let at = 0
  while (
    at < Math.min(size(actual), size(expected)) &&
    actual.slice(2 + 2 * at, 4 + 2 * at) === expected.slice(2 + 2 * at, 4 + 2 * at)
  )
    at++
  if (at >= size(actual))
    return `it ends at byte ${at}, before the encoding of the decoded call does (${size(expected)} bytes)`
  return `from byte ${at} it holds ${excerpt(actual, at)} where the encoding of the decoded call has ${excerpt(expected, at)}`
}

/**
 * Checks the gateway decoder's reading of calldata against the calldata itself: the method and parameter types
 * it names must have the calldata's selector and decode to the values it shows, and a multiSend's actions must
 * be the ones packed in the data. The review shows the decoder's words, so a decoder that lies (or errs) must
 * not be able to describe another transaction than the one signed. Returns the problems found (none: it holds).
 */
export function checkDecoded(decoded: DecodedCall, data: string, depth = 0): string[] {
  if (!isHex(data) || size(data) < 4)
    return ['The decoder decoded a call, but the transaction has no calldata']
  const parameters = decoded.parameters ?? []
  const signature = `function ${decoded.method}(${parameters.map((p) => p.type).join(',')})`
  let fn: AbiFunction
  try {
    fn = parseAbiItem(signature) as AbiFunction
  } catch {
    return [`The decoder's method ${decoded.method} has parameter types this app cannot read`]
  }
  if (toFunctionSelector(fn) !== slice(data, 0, 4).toLowerCase())
    return [`The decoder calls this ${decoded.method}, but the calldata calls another function`]
  let args: readonly unknown[]
  try {
    args = decodeFunctionData({ abi: [fn], data }).args ?? []
  } catch {
    return [`The calldata does not decode as ${decoded.method}`]
  }
  const problems: string[] = []
  // Every byte must be the call shown: re-encoded from what decoded, it must be the calldata byte for byte.
  const difference = encodingDifference(data as Hex, encodeFunctionData({ abi: [fn], args }))
  if (difference) problems.push(`The calldata is not exactly the call shown: ${difference}`)
  parameters.forEach((parameter, index) => {
    if (!sameText(parameter.value, args[index]))
      problems.push(
        `The decoder shows a value of ${parameter.name || `#${index}`} that is not in the calldata`,
      )
    if (Array.isArray(parameter.valueDecoded) && depth < MAX_DEPTH)
      problems.push(...checkActions(parameter.valueDecoded as InnerTransaction[], data as Hex, depth))
  })
  return problems
}

function checkActions(actions: readonly InnerTransaction[], data: Hex, depth: number): string[] {
  const packed = decodeMultiSend(data)
  if (!packed) return ['The decoder lists batch actions, but the calldata is not a multiSend batch']
  if (packed.length !== actions.length)
    return [`The decoder lists ${actions.length} batch actions, the calldata holds ${packed.length}`]
  const problems: string[] = []
  actions.forEach((action, index) => {
    const real = packed[index]
    if (!real) return
    const same =
      /^0x[0-9a-fA-F]{40}$/.test(action.to) &&
      isAddressEqual(action.to as Hex, real.to) &&
      BigInt(action.value ?? '0') === real.value &&
      (action.data ?? '0x').toLowerCase() === real.data.toLowerCase() &&
      action.operation === real.operation
    if (!same) problems.push(`Batch action ${index + 1} as decoded is not the one in the calldata`)
    else if (action.dataDecoded)
      problems.push(
        ...checkDecoded(action.dataDecoded, real.data, depth + 1).map((p) => `Action ${index + 1}: ${p}`),
      )
  })
  return problems
}
