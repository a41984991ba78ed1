import { type Hex, hexToNumber, size, slice, toHex } from 'viem'

/**
 * A wallet's 65-byte ECDSA signature in the form a Safe checks: some hardware wallets answer v as 0/1
 * (EIP-2098 style recovery id) where the Safe needs 27/28 (v 0 and 1 mean contract and approved-hash
 * signatures there).
 */
export function normalizeEcdsaSignature(signature: Hex): Hex {
  if (size(signature) !== 65)
    throw new Error(`Expected a 65-byte signature, the wallet returned ${size(signature)} bytes`)
  const v = hexToNumber(slice(signature, 64, 65))
  if (v === 27 || v === 28) return signature
  if (v === 0 || v === 1) return `${slice(signature, 0, 64)}${toHex(v + 27, { size: 1 }).slice(2)}`
  throw new Error(`Unexpected signature recovery byte v=${v}`)
}
