// The rules a message and a message signature must pass before anything is stored: the message is a string or
// valid typed data within limits, the Safe's version gives its hash, and the one signature of the request comes
// from a current on-chain owner: ECDSA (v 27/28) over the Safe message hash, eth_sign (v > 30) or an EIP-1271
// contract owner. Approved hashes (v 1) are for transactions only. The cheap checks run first: hashing typed
// data is what a request can make expensive, and it is paid from the client's budget.
import {
  InvalidMessageError,
  type SafeMessageContent,
  type SafeRef,
  safeMessageHash,
  safeMessagePreimage,
  validateMessage,
} from '@concord/safe/messages'
import { countSignatures } from '@concord/safe/signatures'
import {
  type Address,
  getAddress,
  type Hex,
  hexToNumber,
  isAddressEqual,
  isHex,
  type PublicClient,
  size,
  slice,
} from 'viem'
import { HttpError } from '../../http/errors.ts'
import type { OnChainSafe } from '../../safe/onChainSafe.ts'
import { type VerifiedSignature, verifySignatures } from '../../safe/verifySignatures.ts'

const reject = (message: string) => new HttpError(422, message)

/**
 * The message as validated by @concord/safe/messages, or a 422 with its exact error text. `beforeHash` is
 * charged with its values before the hashing that validation ends with (the costly part).
 */
export function requireValidMessage(
  input: unknown,
  beforeHash?: (values: number) => void,
): SafeMessageContent {
  try {
    return validateMessage(input, { beforeHash })
  } catch (error) {
    if (error instanceof InvalidMessageError) throw reject(error.message)
    throw error
  }
}

/** The Safe's version decides the domain; without one, no hash can be computed (CGW's words). */
export function requireSafeRef(p: { chainId: number; address: Address; version: string | null }): SafeRef {
  if (!p.version) throw reject('Could not calculate messageHash: the Safe version is unknown')
  return { chainId: p.chainId, address: p.address, version: p.version }
}

/**
 * The checks of a message signature that cost nothing: one 65-byte part (plus a contract payload), not an
 * approved hash. Run before the message is hashed.
 */
export function requireMessageSignatureShape(sig: string): Hex {
  if (!isHex(sig) || size(sig) < 65) throw reject('Invalid signature: expected 65-byte hex parts')
  let parts: number
  try {
    parts = countSignatures(sig)
  } catch {
    throw reject('Invalid signature: it cannot be read')
  }
  if (parts !== 1) throw reject(`Exactly one signature per request (this one holds ${parts})`)
  if (hexToNumber(slice(sig, 64, 65)) === 1)
    throw reject('Invalid signature: approved hashes (v 1) do not apply to messages')
  return sig
}

/**
 * A contract signature (v 0) names its owner in r: that it is an owner is checked before anything is hashed.
 * An ECDSA signer is known only from the hash.
 */
export function requireContractSignerIsOwner(sig: Hex, owners: readonly Address[]): void {
  if (hexToNumber(slice(sig, 64, 65)) !== 0) return
  const signer = getAddress(slice(sig, 12, 32))
  if (!owners.some((o) => isAddressEqual(o, signer)))
    throw reject(`Signature 1 is from ${signer}, who is not an owner of this Safe`)
}

/** The one owner signature `signature` carries over `message` of `safe`, checked against the owners `state` has. */
export async function checkMessageSignature(
  client: PublicClient,
  p: { safe: SafeRef; message: SafeMessageContent; signature: Hex; state: OnChainSafe },
): Promise<{ signature: VerifiedSignature; messageHash: Hex }> {
  const messageHash = safeMessageHash(p.safe, p.message)
  const [signature] = await verifySignatures(client, {
    safe: p.safe.address,
    hash: messageHash,
    preimage: safeMessagePreimage(p.safe, p.message),
    signatures: p.signature,
    signers: p.state.owners,
  })
  if (!signature) throw reject('Invalid signature: it cannot be recovered')
  return { signature, messageHash }
}
