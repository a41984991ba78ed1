import { type SafeTxCheck, verifySafeTx } from '@concord/safe/verifySafeTx'
import type { TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, type Hex, hexToNumber, isAddressEqual, size, slice } from 'viem'
import { type OnChainSafe, thresholdProblem } from '../../../lib/safeState'
import { type QueuedSafeTx, toSafeTx } from '../utils/toSafeTx'

const isApproval = (signature: Hex) => size(signature) === 65 && hexToNumber(slice(signature, 64, 65)) === 1

/** The gateway's data did not hold up: nothing may be signed or executed from it. */
export class VerificationError extends Error {
  override name = 'VerificationError'
  constructor(readonly problems: string[]) {
    super(`Refused: the gateway's data does not match what was recomputed. ${problems.join('. ')}`)
  }
}

export type VerifiedQueuedTx = QueuedSafeTx & {
  check: SafeTxCheck
  safeTxHash: Hex
  /** Verified confirmations (owner on chain, signature recovers to it), with their signature bytes. */
  signatures: { signer: Address; signature: Hex }[]
  /** Owners the gateway lists as confirmed without signature bytes: on-chain approvals, to be read from the chain. */
  unsigned: Address[]
}

/**
 * Recomputes the safeTxHash from the fields shown and recovers every confirmation against the owners read
 * from the chain, the threshold matched with the chain's (the lesson of the 2025 Bybit incident: never sign what the server says without checking).
 * Throws VerificationError on any mismatch.
 */
export async function verifyQueued(p: {
  chainId: number
  safe: Address
  details: TransactionDetails
  onChain: OnChainSafe
}): Promise<VerifiedQueuedTx> {
  let queued: QueuedSafeTx
  try {
    queued = toSafeTx(p.details)
  } catch (error) {
    throw new VerificationError([error instanceof Error ? error.message : String(error)])
  }
  const check = await verifySafeTx({
    chainId: p.chainId,
    safe: p.safe,
    tx: queued.tx,
    claimedSafeTxHash: queued.claimedSafeTxHash,
    confirmations: queued.confirmations,
    owners: p.onChain.owners,
  })
  const problems = [...check.problems]
  const info = p.details.detailedExecutionInfo
  const threshold =
    info?.type === 'MULTISIG' ? thresholdProblem(info.confirmationsRequired, p.onChain.threshold) : undefined
  if (threshold) problems.push(threshold)
  if (problems.length > 0) throw new VerificationError(problems)
  // An on-chain approval (a pre-validated signature, v = 1, or none at all) is read from the chain again before
  // an execution counts it (executionSignatures): the gateway's word that an owner approved is not enough.
  const signatures = queued.confirmations.flatMap((c) =>
    c.signature && !isApproval(c.signature) && check.confirmedBy.includes(c.signer)
      ? [{ signer: c.signer, signature: c.signature }]
      : [],
  )
  const unsigned = queued.confirmations.flatMap((c) =>
    (!c.signature || isApproval(c.signature)) &&
    p.onChain.owners.some((owner) => isAddressEqual(owner, c.signer))
      ? [c.signer]
      : [],
  )
  return { ...queued, check, safeTxHash: check.safeTxHash, signatures, unsigned }
}
