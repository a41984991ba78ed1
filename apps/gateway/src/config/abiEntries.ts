// An operator's ABI entries (`abis` in the gateway config) parsed and checked once, at start: config.ts reports
// a bad entry by its index, and the data decoder (modules/dataDecoder/abiRegistry.ts) registers the result.

import { type Abi, type AbiFunction, parseAbi, parseAbiItem, toFunctionSignature } from 'viem'
import { FatalError } from '../errors/GatewayError.ts'

export class AbiEntryError extends FatalError {
  override name = 'AbiEntryError'
  constructor(
    /** Index of the offending entry in the list, when one could be singled out. */
    readonly index: number | undefined,
    message: string,
  ) {
    super(message)
  }
}

const KEYWORD = /^\s*(function|event|error|struct|constructor|fallback|receive)\b/

const viemMessage = (error: unknown): string => {
  const e = error as { shortMessage?: string; details?: string; metaMessages?: string[]; message?: string }
  if (!e.shortMessage) return e.message ?? String(error)
  const extra = e.metaMessages?.length ? e.metaMessages.join(' ') : e.details
  return extra ? `${e.shortMessage} ${extra.trim()}` : e.shortMessage
}

/**
 * Parses an operator ABI: strings are human-readable signatures (`function ` may be left out), objects are JSON
 * ABI items (only `function` items are checked; other items pass through). Throws AbiEntryError.
 */
export function parseAbiEntries(entries: readonly unknown[]): Abi {
  const strings: string[] = []
  const items: unknown[] = []
  entries.forEach((entry, index) => {
    if (typeof entry === 'string') {
      strings.push(KEYWORD.test(entry) ? entry : `function ${entry.trim()}`)
    } else if (entry && typeof entry === 'object' && !Array.isArray(entry)) {
      checkJsonItem(entry as Record<string, unknown>, index)
      items.push(entry)
    } else throw new AbiEntryError(index, 'expected a signature string or a JSON ABI item')
  })
  let parsed: Abi = []
  if (strings.length) {
    try {
      parsed = parseAbi(strings)
    } catch (error) {
      // Single out the entry at fault (structs may only parse together, so this can find none).
      let index: number | undefined
      entries.forEach((entry, i) => {
        if (index !== undefined || typeof entry !== 'string') return
        try {
          parseAbi([KEYWORD.test(entry) ? entry : `function ${entry.trim()}`])
        } catch {
          index = i
        }
      })
      throw new AbiEntryError(index, viemMessage(error))
    }
  }
  return [...parsed, ...(items as Abi)]
}

function checkJsonItem(item: Record<string, unknown>, index: number) {
  if (typeof item.type !== 'string') throw new AbiEntryError(index, 'a JSON ABI item needs a string "type"')
  if (item.type !== 'function') return
  if (typeof item.name !== 'string' || !item.name)
    throw new AbiEntryError(index, 'a JSON ABI function needs a "name"')
  const checkParams = (params: unknown, where: string) => {
    if (params === undefined) return
    if (!Array.isArray(params)) throw new AbiEntryError(index, `"${where}" must be an array`)
    for (const p of params) {
      if (!p || typeof p !== 'object' || typeof (p as { type?: unknown }).type !== 'string')
        throw new AbiEntryError(index, `every "${where}" entry needs a string "type"`)
      const { type, components } = p as { type: string; components?: unknown }
      if (type.startsWith('tuple')) {
        if (!Array.isArray(components))
          throw new AbiEntryError(index, `a tuple in "${where}" needs "components"`)
        checkParams(components, where)
      }
    }
  }
  checkParams(item.inputs, 'inputs')
  checkParams(item.outputs, 'outputs')
  try {
    parseAbiItem(`function ${toFunctionSignature(item as AbiFunction)}`)
  } catch (error) {
    throw new AbiEntryError(index, viemMessage(error))
  }
}
