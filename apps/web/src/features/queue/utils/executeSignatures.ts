import { preValidatedSignature } from '@concord/safe/signatures'
import { type Address, concat, getAddress, type Hex, isAddressEqual, size, slice, toHex } from 'viem'

export type OwnerSignature = { signer: Address; signature: Hex }

// A contract signature (v = 0) is a 65-byte static part whose s is the offset of its data, plus that data
// (length-prefixed) after all static parts. Offsets change when signatures are re-ordered: recomputed here.
const isContractSignature = (signature: Hex) => size(signature) > 65 && slice(signature, 64, 65) === '0x00'

/**
 * Joins the signatures for execTransaction: one per signer, ascending by signer address as the Safe requires,
 * contract signatures' data appended after the static parts with fresh offsets. When `executor` is an owner
 * that has not signed, its pre-validated signature is added (it needs no wallet signature).
 */
export function buildExecuteSignatures(p: {
  signatures: readonly OwnerSignature[]
  executor?: Address | undefined
  owners: readonly Address[]
}): { signatures: Hex; signers: Address[] } {
  const bySigner = new Map<string, OwnerSignature>()
  for (const entry of p.signatures) {
    if (!p.owners.some((owner) => isAddressEqual(owner, entry.signer))) continue
    bySigner.set(getAddress(entry.signer), { signer: getAddress(entry.signer), signature: entry.signature })
  }
  const executor = p.executor ? getAddress(p.executor) : undefined
  if (executor && !bySigner.has(executor) && p.owners.some((owner) => isAddressEqual(owner, executor)))
    bySigner.set(executor, { signer: executor, signature: preValidatedSignature(executor) })
  const sorted = [...bySigner.values()].sort((a, b) => (BigInt(a.signer) < BigInt(b.signer) ? -1 : 1))

  const statics: Hex[] = []
  const dynamics: Hex[] = []
  let offset = 65 * sorted.length
  for (const { signature } of sorted) {
    if (!isContractSignature(signature)) {
      statics.push(slice(signature, 0, 65))
      continue
    }
    const data = slice(signature, 65)
    statics.push(concat([slice(signature, 0, 32), toHex(offset, { size: 32 }), '0x00']))
    dynamics.push(data)
    offset += size(data)
  }
  return { signatures: concat([...statics, ...dynamics]), signers: sorted.map((entry) => entry.signer) }
}
