// Signer of a service request (a DeleteRequest, a Delegate) signed by an externally owned account: 65 bytes,
// ECDSA over the EIP-712 hash (v 27/28) or eth_sign over it (v > 30). Anything else has no EOA signer.
import {
  type Address,
  concat,
  type Hex,
  hashMessage,
  hexToNumber,
  recoverAddress,
  size,
  slice,
  toHex,
} from 'viem'

export async function recoverRequestSigner(hash: Hex, signature: Hex): Promise<Address | undefined> {
  if (size(signature) !== 65) return undefined
  const v = hexToNumber(slice(signature, 64, 65))
  try {
    if (v === 27 || v === 28) return await recoverAddress({ hash, signature })
    if (v > 30)
      return await recoverAddress({
        hash: hashMessage({ raw: hash }),
        signature: concat([slice(signature, 0, 64), toHex(v - 4, { size: 1 })]),
      })
  } catch {
    return undefined // r/s out of range: no signer, the caller answers 422
  }
  return undefined
}
