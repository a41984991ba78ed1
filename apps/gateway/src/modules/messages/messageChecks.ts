// The rules a message and a message signature must pass before anything is stored (anchors §C9): the message is
// a string or valid typed data within limits, the Safe's version gives its hash, and the one signature of the
// request comes from a current on-chain owner: ECDSA (v 27/28) over the Safe message hash, eth_sign (v > 30) or
// an EIP-1271 contract owner. Approved hashes (v 1) are for transactions only.
import {
  InvalidMessageError,
  type SafeMessageContent,
  type SafeRef,
  safeMessageHash,
  safeMessagePreimage,
  validateMessage,
} from '@concord/safe/messages'
import { countSignatures } from '@concord/safe/signatures'
import { type Address, type Hex, hexToNumber, isHex, type PublicClient, size, slice } from 'viem'
import { HttpError } from '../../http/errors.ts'
import { type OnChainSafe, readOnChainSafe } from '../../safe/onChainSafe.ts'
import { type VerifiedSignature, verifySignatures } from '../../safe/verifySignatures.ts'

const reject = (message: string) => new HttpError(422, message)

/** The message as validated by @concord/safe/messages, or a 422 with its exact error text. */
export function requireValidMessage(input: unknown): SafeMessageContent {
  try {
    return validateMessage(input)
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
 * The one owner signature `signature` carries over `message` of `safe`, checked against the owners the chain
 * has now; with the Safe's state read for it.
 */
export async function checkMessageSignature(
  client: PublicClient,
  p: { safe: SafeRef; message: SafeMessageContent; signature: string },
): Promise<{ signature: VerifiedSignature; messageHash: Hex; state: OnChainSafe }> {
  const sig = p.signature
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
  const messageHash = safeMessageHash(p.safe, p.message)
  const state = await readOnChainSafe(client, p.safe.address)
  const [signature] = await verifySignatures(client, {
    safe: p.safe.address,
    hash: messageHash,
    preimage: safeMessagePreimage(p.safe, p.message),
    signatures: sig,
    signers: state.owners,
  })
  if (!signature) throw reject('Invalid signature: it cannot be recovered')
  return { signature, messageHash, state }
}
