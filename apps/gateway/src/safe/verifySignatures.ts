// Server-side verification of owner signatures over a hash the server computed itself, by the rules the Safe
// contract applies (and the Transaction Service before it): v 27/28 ECDSA over the hash, v > 30 eth_sign, v 1 an
// on-chain approveHash, v 0 an EIP-1271 contract signature checked with isValidSignature. Each rule that fails
// answers its own 422 message; nothing is stored by the caller unless every signature passes.
import { parseSignatures, signatureLayoutProblem } from '@concord/safe/signatures'
import {
  type Address,
  type Hex,
  hexToNumber,
  isAddressEqual,
  isHex,
  type PublicClient,
  parseAbi,
  size,
  slice,
} from 'viem'
import type { SignatureKind } from '../db/schema.ts'
import { HttpError } from '../http/errors.ts'

/** Signatures per request, at most (a Safe with more owners than this is not a realistic case). */
export const MAX_SIGNATURES = 64
/** Contract-signature payloads, at most (bytes). */
const MAX_SIGNATURE_BYTES = 64 * 1024

const EIP1271_MAGIC = '0x1626ba7e' // isValidSignature(bytes32, bytes)
const EIP1271_LEGACY_MAGIC = '0x20c13b0b' // isValidSignature(bytes, bytes), what Safe <= 1.4.1 asks owners

// One ABI per overload: with both in one ABI, viem may pick `bytes` for a 32-byte argument.
const hashValidatorAbi = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])
const dataValidatorAbi = parseAbi([
  'function isValidSignature(bytes data, bytes signature) view returns (bytes4)',
])
const approvedHashesAbi = parseAbi([
  'function approvedHashes(address owner, bytes32 hash) view returns (uint256)',
])

export type VerifiedSignature = { owner: Address; signature: Hex; type: SignatureKind }

const invalid = (message: string) => new HttpError(422, message)

export async function verifySignatures(
  client: PublicClient,
  p: {
    safe: Address
    /** The hash the owners sign (computed by the server). */
    hash: Hex
    /** What legacy EIP-1271 owners validate: the EIP-712 encoding `0x1901 ‖ domain ‖ message` of `hash`. */
    preimage: Hex
    signatures: string
    /** Who may sign: the Safe's owners now (plus, for a proposal, the delegate sending it). */
    signers: readonly Address[]
    /** Word for the people allowed to sign, in messages ("an owner", "an owner or the proposing delegate"). */
    signerWord?: string
  },
): Promise<VerifiedSignature[]> {
  const word = p.signerWord ?? 'an owner of this Safe'
  if (!isHex(p.signatures) || size(p.signatures) < 65)
    throw invalid('Invalid signature: expected 65-byte hex parts')
  if (size(p.signatures) > MAX_SIGNATURE_BYTES) throw invalid('Invalid signature: too long')
  // Every byte stored must be a signature it claims to be (the contract would ignore the rest).
  const problem = signatureLayoutProblem(p.signatures)
  if (problem) throw invalid(`Invalid signature: ${problem}`)
  let parsed: Awaited<ReturnType<typeof parseSignatures>>
  try {
    parsed = await parseSignatures(p.signatures, p.hash)
  } catch {
    throw invalid('Invalid signature: it cannot be recovered')
  }
  if (parsed.length > MAX_SIGNATURES)
    throw invalid(`Invalid signature: more than ${MAX_SIGNATURES} signatures`)

  const out: VerifiedSignature[] = []
  for (const [i, s] of parsed.entries()) {
    const n = `Signature ${i + 1}`
    if (s.type === 'EOA') {
      const v = hexToNumber(slice(s.signature, 64, 65))
      if (v !== 27 && v !== 28) throw invalid(`${n}: invalid v ${v} (expected 27 or 28)`)
    }
    if (!p.signers.some((o) => isAddressEqual(o, s.signer)))
      throw invalid(`${n} is from ${s.signer}, who is not ${word}`)
    if (out.some((o) => isAddressEqual(o.owner, s.signer)))
      throw invalid(`${n}: duplicate signature from ${s.signer}`)
    if (s.type === 'APPROVED_HASH') {
      const approved = await client.readContract({
        address: p.safe,
        abi: approvedHashesAbi,
        functionName: 'approvedHashes',
        args: [s.signer, p.hash],
      })
      if (approved === 0n)
        throw invalid(`${n}: ${s.signer} has not approved this hash on chain (approveHash)`)
    }
    if (s.type === 'CONTRACT_SIGNATURE' && !(await validContractSignature(client, s.signer, s.signature, p)))
      throw invalid(`${n}: the contract signature of ${s.signer} is not valid for this hash (EIP-1271)`)
    out.push({ owner: s.signer, signature: s.signature, type: s.type })
  }
  return out
}

/** The owner contract accepts the signature under either EIP-1271 form (a revert counts as "no"). */
async function validContractSignature(
  client: PublicClient,
  owner: Address,
  part: Hex,
  p: { hash: Hex; preimage: Hex },
): Promise<boolean> {
  // parseSignatures gives the static part, the 32-byte length and the payload.
  const payload = size(part) > 97 ? slice(part, 97) : '0x'
  const ask = async (abi: typeof hashValidatorAbi | typeof dataValidatorAbi, first: Hex, magic: string) => {
    try {
      const result = await client.readContract({
        address: owner,
        abi,
        functionName: 'isValidSignature',
        args: [first, payload],
      })
      return result.toLowerCase() === magic
    } catch {
      return false
    }
  }
  return (
    (await ask(hashValidatorAbi, p.hash, EIP1271_MAGIC)) ||
    (await ask(dataValidatorAbi, p.preimage, EIP1271_LEGACY_MAGIC))
  )
}
