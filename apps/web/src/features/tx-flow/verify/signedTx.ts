// A pending Safe transaction with its signatures, carried without the gateway: as a /verify link (its fields and
// the Safe-encoded `signatures` bytes in the URL fragment), the same link as a QR code, or a JSON file. Anyone can
// check it (the hashes come from the fields, the signers are recovered from the signatures), an owner can add a
// signature, and the last one can execute it straight through the wallet.
import {
  encodeSignatures,
  type ParsedSignature,
  parseSignatures,
  signatureLayoutProblem,
} from '@concord/safe/signatures'
import type { Hex } from 'viem'
import { isHex } from 'viem'
import {
  EMPTY_FIELDS,
  FIELD_NAMES,
  fieldsFromLink,
  type VerifyFields,
  type VerifyInput,
  verifyFieldsOf,
  verifyFragment,
} from './verifyLink'

/** The `format` of the JSON file: a reader refuses what it does not know. */
export const SIGNED_TX_FORMAT = 'concord.safe-transaction.v1'

/** At most this many characters of signatures are read (a Safe with 100 owners needs 13,000 of ECDSA ones). */
const MAX_SIGNATURES_CHARS = 40_000
/** A JSON file larger than this is no transaction of ours (calldata is bounded the same way by the link reader). */
export const MAX_FILE_CHARS = 450_000

export type SignedTxImport = { fields: VerifyFields; signatures: Hex }

/** The /verify link of a transaction with its signatures (none: the plain verify link). */
export function signedTxLink(origin: string, input: VerifyInput, signatures: Hex): string {
  const fragment = verifyFragment(input)
  return `${origin}/verify${fragment}${signatures !== '0x' ? `&signatures=${signatures}` : ''}`
}

/** The JSON file of a transaction with its signatures (every number as a decimal string). */
export function signedTxFile(input: VerifyInput, signatures: Hex): string {
  return `${JSON.stringify({ format: SIGNED_TX_FORMAT, ...verifyFieldsOf(input), signatures }, null, 2)}\n`
}

/** A file name that says what it holds: the Safe, the nonce and how many signatures. */
export function signedTxFileName(input: VerifyInput, count: number): string {
  return `safe-${input.safe.slice(0, 10)}-nonce-${input.tx.nonce}-${count}-signature${count === 1 ? '' : 's'}.json`
}

const cleanSignatures = (value: unknown): Hex | { problem: string } => {
  if (value === undefined || value === null || value === '') return '0x'
  if (typeof value !== 'string' || value.length > MAX_SIGNATURES_CHARS)
    return { problem: 'The signatures are not hex bytes of a reasonable size' }
  const hex = value.trim().toLowerCase()
  if (!isHex(hex) || hex.length % 2 !== 0) return { problem: 'The signatures are not hex bytes' }
  const layout = hex === '0x' ? undefined : signatureLayoutProblem(hex)
  return layout ? { problem: `The signatures are malformed: ${layout}` } : hex
}

/**
 * Reads what was pasted, scanned or opened: a /verify link (its fragment) or the JSON file. Undefined when it is
 * neither; a problem when it is one of them but malformed.
 */
export function readSignedTx(text: string): SignedTxImport | { problem: string } | undefined {
  const trimmed = text.trim()
  if (trimmed.startsWith('{')) {
    if (trimmed.length > MAX_FILE_CHARS) return { problem: 'The file is too large to be a Safe transaction' }
    let json: Record<string, unknown>
    try {
      json = JSON.parse(trimmed) as Record<string, unknown>
    } catch {
      return { problem: 'The file is not valid JSON' }
    }
    if (json.format !== SIGNED_TX_FORMAT)
      return { problem: `The file is not a Concord transaction (its format must be ${SIGNED_TX_FORMAT})` }
    const fields = { ...EMPTY_FIELDS }
    for (const name of FIELD_NAMES) {
      const value = json[name]
      if (typeof value === 'string' || typeof value === 'number') fields[name] = String(value)
    }
    const signatures = cleanSignatures(json.signatures)
    return typeof signatures === 'string' ? { fields, signatures } : signatures
  }
  const fields = fieldsFromLink(trimmed)
  if (!fields) return undefined
  const hash = trimmed.includes('#') ? trimmed.slice(trimmed.indexOf('#') + 1) : trimmed
  const signatures = cleanSignatures(new URLSearchParams(hash).get('signatures'))
  return typeof signatures === 'string' ? { fields, signatures } : signatures
}

/** Each signature of the bytes with the signer it recovers to for this safeTxHash (a forged one recovers to another). */
export function signersOf(signatures: Hex, safeTxHash: Hex): Promise<ParsedSignature[]> {
  return signatures === '0x' ? Promise.resolve([]) : parseSignatures(signatures, safeTxHash)
}

/** The signatures with one more (or a signer's replaced), encoded as the Safe takes them. */
export function addSignature(
  parsed: readonly ParsedSignature[],
  added: { signer: `0x${string}`; signature: Hex },
): Hex {
  const others = parsed.filter((part) => part.signer.toLowerCase() !== added.signer.toLowerCase())
  return encodeSignatures([...others, added])
}
