// Transaction ids as the Client Gateway builds them (`<kind>_<safe>_<ref>`). Our refs for module transactions and
// transfers follow the Transaction Service's: a letter, the tx hash, the log index.
import { getAddress, isAddress } from 'viem'

export const transactionId = {
  multisig: (safe: string, safeTxHash: string) => `multisig_${safe}_${safeTxHash}`,
  module: (safe: string, txHash: string, logIndex: number) => `module_${safe}_m${txHash}${logIndex}`,
  transfer: (safe: string, txHash: string, logIndex: number) => `transfer_${safe}_e${txHash}${logIndex}`,
  creation: (safe: string) => `creation_${safe}`,
}

export type ParsedTransactionId =
  | { kind: 'multisig'; safe?: string; safeTxHash: string }
  | { kind: 'module' | 'transfer'; safe: string; txHash: string; logIndex: number }
  | { kind: 'creation'; safe: string }

const HASH = /^0x[0-9a-fA-F]{64}$/
const LOG_REF = /^[me](0x[0-9a-fA-F]{64})(\d{1,6})$/

/** Parses an id; undefined when it is malformed (the route answers 400 `Invalid transaction ID`). */
export function parseTransactionId(id: string): ParsedTransactionId | undefined {
  if (HASH.test(id)) return { kind: 'multisig', safeTxHash: id.toLowerCase() }
  const [kind, safe, ref, ...rest] = id.split('_')
  if (rest.length || !safe || !isAddress(safe, { strict: false })) return undefined
  const address = getAddress(safe)
  if (kind === 'creation') return ref === undefined ? { kind, safe: address } : undefined
  if (kind === 'multisig')
    return ref && HASH.test(ref) ? { kind, safe: address, safeTxHash: ref.toLowerCase() } : undefined
  if (kind !== 'module' && kind !== 'transfer') return undefined
  const match = ref ? LOG_REF.exec(ref) : null
  if (!match || ref?.[0] !== (kind === 'module' ? 'm' : 'e')) return undefined
  return { kind, safe: address, txHash: (match[1] as string).toLowerCase(), logIndex: Number(match[2]) }
}
