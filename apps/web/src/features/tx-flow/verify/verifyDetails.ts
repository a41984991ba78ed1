import * as SafeTx from '@concord/safe/SafeTx'
import { type SafeTxHashes, verifySafeTx } from '@concord/safe/verifySafeTx'
import type { MultisigExecutionDetails, TransactionDetails } from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, getAddress, type Hex, isAddress, isAddressEqual, isHex } from 'viem'
import { thresholdProblem } from '../../../lib/safeState'
import { type BuildResult, fail, ok } from '../types'
import { checkDecoded, type DecodedCall } from './checkDecoded'

export type TransactionCheck = {
  /** Empty when the gateway's answer holds up; otherwise what does not, for a loud warning. */
  problems: string[]
  /** The transaction as recomputed from the fields shown (null when they are not a multisig transaction). */
  tx: SafeTx.SafeTx | null
  hashes: SafeTxHashes | null
  /** Owners (read from the chain) whose confirmation verified. */
  confirmedBy: Address[]
}

const toBigInt = (value: string | number | null | undefined, field: string): bigint => {
  try {
    return BigInt(value ?? 0)
  } catch {
    throw new Error(`${field} is not a number`)
  }
}

const toAddress = (value: string | null | undefined, field: string): Address => {
  if (!value) return '0x0000000000000000000000000000000000000000'
  if (!isAddress(value, { strict: false })) throw new Error(`${field} is not an address`)
  return getAddress(value)
}

/** The SafeTx a multisig TransactionDetails describes: txData for the call, detailedExecutionInfo for the rest. */
export function safeTxOfDetails(
  details: TransactionDetails,
): BuildResult<{ tx: SafeTx.SafeTx; info: MultisigExecutionDetails }> {
  const info = details.detailedExecutionInfo
  const data = details.txData
  if (!data || info?.type !== 'MULTISIG') return fail('The gateway did not describe a multisig transaction')
  try {
    const hexData = data.hexData ?? '0x'
    if (!isHex(hexData)) throw new Error('The calldata is not hex')
    if (data.operation !== 0 && data.operation !== 1)
      throw new Error('The operation is neither CALL nor DELEGATECALL')
    const tx = SafeTx.from({
      to: toAddress(data.to.value, 'The recipient'),
      value: toBigInt(data.value, 'The value'),
      data: hexData,
      operation: data.operation,
      safeTxGas: toBigInt(info.safeTxGas, 'safeTxGas'),
      baseGas: toBigInt(info.baseGas, 'baseGas'),
      gasPrice: toBigInt(info.gasPrice, 'gasPrice'),
      gasToken: toAddress(info.gasToken, 'gasToken'),
      refundReceiver: toAddress(info.refundReceiver?.value, 'refundReceiver'),
      nonce: toBigInt(info.nonce, 'The nonce'),
    })
    return ok({ tx, info })
  } catch (error) {
    return fail(`The gateway's transaction is malformed: ${(error as Error).message}`)
  }
}

/**
 * Checks a TransactionDetails from the gateway before anyone signs or executes it: the safeTxHash is recomputed
 * from the fields shown (and must equal the claimed one and the one in the id), every confirmation must recover
 * to its claimed signer, who must be an owner read from the chain, the threshold and nonce must be the chain's,
 * the decoded data must be the calldata's,
 * and, after a proposal, it must be the transaction the user signed, with their confirmation.
 */
export async function verifyTransactionDetails(p: {
  details: TransactionDetails
  chainId: number
  safe: Address
  /** The Safe read from the chain (never from the gateway): owners, and where known threshold and nonce. */
  onChain: { owners: readonly Address[]; threshold?: number; nonce?: bigint }
  /** What the user just signed and proposed: the answer must be that transaction, confirmed by them. */
  /** After a proposal: the transaction signed, and the signer whose confirmation it carries (none for a proposer's own signature). */
  expected?: { safeTxHash: Hex; signer?: Address | undefined }
}): Promise<TransactionCheck> {
  const problems: string[] = []
  if (
    !isAddress(p.details.safeAddress, { strict: false }) ||
    !isAddressEqual(p.details.safeAddress as Address, p.safe)
  )
    problems.push(`The gateway answered with a transaction of another Safe (${p.details.safeAddress})`)
  const parsed = safeTxOfDetails(p.details)
  if (!parsed.ok) return { problems: [...problems, parsed.error], tx: null, hashes: null, confirmedBy: [] }
  const { tx, info } = parsed.value
  const check = await verifySafeTx({
    chainId: p.chainId,
    safe: p.safe,
    tx,
    claimedSafeTxHash: info.safeTxHash,
    confirmations: info.confirmations.map((c) => ({
      signer: c.signer.value,
      signature: c.signature ?? null,
    })),
    owners: p.onChain.owners,
  })
  problems.push(...check.problems)
  const { threshold, nonce } = p.onChain
  const thresholdWrong =
    threshold === undefined ? undefined : thresholdProblem(info.confirmationsRequired, threshold)
  if (thresholdWrong) problems.push(thresholdWrong)
  if (nonce !== undefined && tx.nonce < nonce)
    problems.push(
      `Nonce ${tx.nonce} was already used on chain (the Safe is at nonce ${nonce}): it can never execute`,
    )
  const idHash = /^multisig_(0x[0-9a-fA-F]{40})_(0x[0-9a-fA-F]{64})$/.exec(p.details.txId)
  if (
    idHash &&
    (!isAddressEqual(idHash[1] as Address, p.safe) || idHash[2]?.toLowerCase() !== check.safeTxHash)
  )
    problems.push(`The transaction id ${p.details.txId} names another transaction than the one shown`)
  const decoded = p.details.txData?.dataDecoded as DecodedCall | null | undefined
  if (decoded) problems.push(...checkDecoded(decoded, tx.data))
  if (p.expected) {
    if (p.expected.safeTxHash.toLowerCase() !== check.safeTxHash)
      problems.push('The gateway stored another transaction than the one you signed')
    else if (
      p.expected.signer &&
      !check.confirmedBy.some((owner) => isAddressEqual(owner, p.expected?.signer as Address))
    )
      problems.push('Your confirmation is missing from the transaction the gateway stored')
  }
  const { safeTxHash, domainHash, messageHash } = check
  return { problems, tx, hashes: { safeTxHash, domainHash, messageHash }, confirmedBy: check.confirmedBy }
}
