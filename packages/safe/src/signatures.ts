// The `signatures` bytes a Safe checks, split into one entry per owner. Offline only: contract (EIP-1271)
// signatures are attributed to the address they name, not verified here.
import {
  type Address,
  concat,
  getAddress,
  type Hex,
  hashMessage,
  hexToBigInt,
  hexToNumber,
  pad,
  recoverAddress,
  size,
  slice,
  toHex,
} from 'viem'

export type SignatureType = 'EOA' | 'ETH_SIGN' | 'APPROVED_HASH' | 'CONTRACT_SIGNATURE'

export type ParsedSignature = { signer: Address; signature: Hex; type: SignatureType }

/**
 * How many signatures the bytes hold: the 65-byte static parts before the first contract signature's
 * dynamic data (which is not a signature of its own), as parseSignatures() splits them.
 */
export function countSignatures(signatures: Hex): number {
  const total = size(signatures)
  let end = total
  let count = 0
  for (let offset = 0; offset + 65 <= end; offset += 65) {
    count++
    if (hexToNumber(slice(signatures, offset + 64, offset + 65)) === 0) {
      const dataOffset = hexToNumber(slice(signatures, offset + 32, offset + 64))
      if (dataOffset < end) end = dataOffset
    }
  }
  return count
}

/**
 * Why the `signatures` bytes hold more or other than the signatures they claim, or undefined when every byte is
 * explained: the 65-byte static parts, then each contract signature's length-prefixed data exactly where its
 * offset points, back to back in the order of those offsets, and nothing after the last. The Safe contract
 * ignores unexplained bytes, so a stored confirmation could carry anything; the canonical encoding (this
 * package's encodeSignatures, protocol-kit's buildSignatureBytes) never has any.
 */
export function signatureLayoutProblem(signatures: Hex): string | undefined {
  const total = size(signatures)
  // A 32-byte word as a number; anything past the end is as good as Infinity here.
  const word = (at: number) => {
    const value = hexToBigInt(slice(signatures, at, at + 32))
    return value > BigInt(total) ? Number.POSITIVE_INFINITY : Number(value)
  }
  let end = total
  let count = 0
  const blobs: { signature: number; offset: number }[] = []
  for (let offset = 0; offset + 65 <= end; offset += 65) {
    count++
    if (hexToNumber(slice(signatures, offset + 64, offset + 65)) !== 0) continue
    const dataOffset = word(offset + 32)
    blobs.push({ signature: count, offset: dataOffset })
    if (dataOffset < end) end = dataOffset
  }
  let next = count * 65
  for (const blob of blobs.sort((a, b) => a.offset - b.offset)) {
    if (blob.offset + 32 > total) return `the data of signature ${blob.signature} runs past the end`
    if (blob.offset !== next)
      return `the data of signature ${blob.signature} starts at byte ${blob.offset}, not at byte ${next} right after the parts before it`
    const length = word(blob.offset)
    if (blob.offset + 32 + length > total) return `the data of signature ${blob.signature} runs past the end`
    next = blob.offset + 32 + length
  }
  if (next < total)
    return `${total - next} byte${total - next === 1 ? '' : 's'} after the last signature belong${total - next === 1 ? 's' : ''} to no signature`
  return undefined
}

/** Splits and attributes each 65-byte static part (v: 0 contract, 1 approved hash, >30 eth_sign, else ECDSA). */
export async function parseSignatures(signatures: Hex, safeTxHash: Hex): Promise<ParsedSignature[]> {
  const out: ParsedSignature[] = []
  const total = size(signatures)
  // Static parts run until the first dynamic (contract signature) blob begins.
  let end = total
  for (let offset = 0; offset + 65 <= end; offset += 65) {
    const r = slice(signatures, offset, offset + 32)
    const s = slice(signatures, offset + 32, offset + 64)
    const v = hexToNumber(slice(signatures, offset + 64, offset + 65))
    const part = slice(signatures, offset, offset + 65)
    if (v === 0) {
      const signer = getAddress(slice(r, 12))
      // Dynamic part: s is the offset of a length-prefixed blob after the static parts.
      const dataOffset = hexToNumber(s)
      if (dataOffset < end) end = dataOffset
      const length =
        dataOffset + 32 <= total ? hexToNumber(slice(signatures, dataOffset, dataOffset + 32)) : 0
      const blob = length ? slice(signatures, dataOffset + 32, dataOffset + 32 + length) : '0x'
      out.push({
        signer,
        signature: concat([part, toHex(length, { size: 32 }), blob]),
        type: 'CONTRACT_SIGNATURE',
      })
    } else if (v === 1) {
      out.push({ signer: getAddress(slice(r, 12)), signature: part, type: 'APPROVED_HASH' })
    } else if (v > 30) {
      const signer = await recoverAddress({
        hash: hashMessage({ raw: safeTxHash }),
        signature: concat([r, s, toHex(v - 4, { size: 1 })]),
      })
      out.push({ signer, signature: part, type: 'ETH_SIGN' })
    } else {
      const signer = await recoverAddress({ hash: safeTxHash, signature: part })
      out.push({ signer, signature: part, type: 'EOA' })
    }
  }
  return out
}

/**
 * The `signatures` bytes a Safe accepts from parsed parts (as parseSignatures returns them): sorted by signer,
 * static 65-byte parts first, each contract signature's data appended after them with its offset set.
 */
export function encodeSignatures(parts: readonly { signer: Address; signature: Hex }[]): Hex {
  const sorted = [...parts].sort((a, b) => (BigInt(a.signer) < BigInt(b.signer) ? -1 : 1))
  let offset = sorted.length * 65
  const statics: Hex[] = []
  const dynamics: Hex[] = []
  for (const p of sorted) {
    const v = hexToNumber(slice(p.signature, 64, 65))
    if (v !== 0) {
      statics.push(slice(p.signature, 0, 65))
      continue
    }
    // Contract signature: r = owner, s = where its data starts, v = 0; the data is length-prefixed.
    const data = size(p.signature) > 65 ? slice(p.signature, 65) : toHex(0, { size: 32 })
    statics.push(concat([pad(getAddress(p.signer)), toHex(offset, { size: 32 }), '0x00']))
    dynamics.push(data)
    offset += size(data)
  }
  return concat([...statics, ...dynamics])
}

/**
 * The "pre-validated" signature of an owner: r = the owner, s = 0, v = 1. The Safe accepts it when msg.sender is
 * that owner (the executor) or the owner approved the hash on chain (approveHash).
 */
export const preValidatedSignature = (owner: Address): Hex =>
  concat([pad(getAddress(owner), { size: 32 }), pad('0x', { size: 32 }), '0x01'])
