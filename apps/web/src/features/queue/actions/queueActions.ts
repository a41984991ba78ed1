import { safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import { deleteRequestTypedData, totp } from '@concord/safe/serviceRequests'
import { preValidatedSignature } from '@concord/safe/signatures'
import {
  deleteTransaction,
  proposeTransaction,
  type TransactionDetails,
} from '@safe-global/safe-gateway-typescript-sdk'
import {
  type Address,
  encodeFunctionData,
  type Hash,
  isAddressEqual,
  parseEventLogs,
  zeroAddress,
} from 'viem'
import type { Config } from 'wagmi'
import {
  estimateFeesPerGas,
  estimateGas,
  sendTransaction,
  signTypedData,
  waitForTransactionReceipt,
} from 'wagmi/actions'
import { gatewayCall } from '../../../lib/gateway'
import { readSafeState } from '../../../lib/safeState'
import { readApprovals } from '../api/requests'
import { buildExecuteSignatures, type OwnerSignature } from '../utils/executeSignatures'
import { signSafeTx } from './signSafeTx'
import { type VerifiedQueuedTx, verifyQueued } from './verifyQueued'

export type QueueActionContext = {
  config: Config
  chainId: number
  safe: Address
  account: Address
}

// Gas estimates of execTransaction fall short when the inner call's cost depends on state: 20 % headroom.
const GAS_HEADROOM_PERCENT = 120n
const RECEIPT_RETRIES = 10
const RECEIPT_RETRY_DELAY_MS = 1500

const requireOwner = (owners: readonly Address[], account: Address) => {
  if (!owners.some((owner) => isAddressEqual(owner, account)))
    throw new Error(`${account} is not an owner of this Safe (read from the chain): it cannot sign for it`)
}

/** The verified signatures, plus a pre-validated one for each owner that approved the hash on chain. */
export async function executionSignatures(
  ctx: Pick<QueueActionContext, 'config' | 'chainId' | 'safe'>,
  verified: VerifiedQueuedTx,
): Promise<OwnerSignature[]> {
  const approvals = await readApprovals(ctx.config, {
    chainId: ctx.chainId,
    safe: ctx.safe,
    safeTxHash: verified.safeTxHash,
    candidates: verified.unsigned,
  })
  return [
    ...verified.signatures,
    ...approvals.map((signer) => ({ signer, signature: preValidatedSignature(signer) })),
  ]
}

export type ExecuteResult = { hash: Hash; success: boolean }

/**
 * The execTransaction call the connected owner would send now: the transaction verified against the chain,
 * its verified confirmations joined with the executor's pre-validated signature when it has not confirmed.
 */
async function prepareExecution(ctx: QueueActionContext, details: TransactionDetails) {
  const onChain = await readSafeState(ctx.config, ctx.chainId, ctx.safe)
  const verified = await verifyQueued({ chainId: ctx.chainId, safe: ctx.safe, details, onChain })
  if (verified.tx.nonce !== onChain.nonce)
    throw new Error(
      `This transaction has nonce ${verified.tx.nonce}, but the Safe is at nonce ${onChain.nonce}: execute that one first`,
    )
  const { signatures, signers } = buildExecuteSignatures({
    signatures: await executionSignatures(ctx, verified),
    executor: ctx.account,
    owners: onChain.owners,
  })
  if (signers.length < onChain.threshold)
    throw new Error(
      `${signers.length} of the ${onChain.threshold} required confirmations: ${onChain.threshold - signers.length} more needed`,
    )
  const data = encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: SafeTx.execTransactionArgs(verified.tx, signatures),
  })
  return { account: ctx.account, chainId: ctx.chainId, to: ctx.safe, data } as const
}

export type ExecutionFee = { gas: bigint; maxFeePerGas: bigint; fee: bigint }

/**
 * What executing would cost the executor at most: the estimated gas (with the headroom the execution sends)
 * times the chain's current max fee per gas. An estimate that fails usually means the execution would revert.
 */
export async function estimateExecutionFee(
  ctx: QueueActionContext,
  details: TransactionDetails,
): Promise<ExecutionFee> {
  const request = await prepareExecution(ctx, details)
  const [estimated, fees] = await Promise.all([
    estimateGas(ctx.config, request),
    estimateFeesPerGas(ctx.config, { chainId: ctx.chainId }),
  ])
  const gas = (estimated * GAS_HEADROOM_PERCENT) / 100n
  const maxFeePerGas = fees.maxFeePerGas ?? fees.gasPrice ?? 0n
  return { gas, maxFeePerGas, fee: gas * maxFeePerGas }
}

/**
 * Verifies the transaction, joins the verified confirmations (plus the executor's pre-validated signature when
 * it has not confirmed), estimates gas, sends execTransaction and waits for the receipt.
 */
export async function executeQueued(
  ctx: QueueActionContext,
  details: TransactionDetails,
  onSent?: (hash: Hash) => void,
): Promise<ExecuteResult> {
  const request = await prepareExecution(ctx, details)
  const gas = ((await estimateGas(ctx.config, request)) * GAS_HEADROOM_PERCENT) / 100n
  const hash = await sendTransaction(ctx.config, { ...request, gas })
  onSent?.(hash)
  const receipt = await waitForTransactionReceipt(ctx.config, {
    hash,
    chainId: ctx.chainId,
    retryCount: RECEIPT_RETRIES,
    retryDelay: RECEIPT_RETRY_DELAY_MS,
  })
  const events = parseEventLogs({ abi: safeAbi, logs: receipt.logs, eventName: ['ExecutionSuccess'] })
  return { hash, success: receipt.status === 'success' && events.length > 0 }
}

/** Proposes (and signs) the on-chain rejection of a nonce: an empty call from the Safe to itself. */
export async function proposeRejection(ctx: QueueActionContext, nonce: number): Promise<void> {
  const onChain = await readSafeState(ctx.config, ctx.chainId, ctx.safe)
  requireOwner(onChain.owners, ctx.account)
  if (BigInt(nonce) < onChain.nonce) throw new Error(`Nonce ${nonce} was already executed`)
  const tx = SafeTx.from({ to: ctx.safe, nonce: BigInt(nonce) })
  const safeTxHash = SafeTx.hash(tx, { chainId: ctx.chainId, address: ctx.safe })
  const signature = await signSafeTx(ctx.config, { ...ctx, tx, safeTxHash })
  await gatewayCall(() =>
    proposeTransaction(String(ctx.chainId), ctx.safe, {
      to: ctx.safe,
      value: '0',
      data: '0x',
      nonce: String(nonce),
      operation: 0,
      safeTxGas: '0',
      baseGas: '0',
      gasPrice: '0',
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      safeTxHash,
      sender: ctx.account,
      signature,
    }),
  )
}

/** Deletes a proposal: its proposer signs the service's EIP-712 DeleteRequest for its (recomputed) hash. */
export async function deleteQueued(ctx: QueueActionContext, details: TransactionDetails): Promise<void> {
  const onChain = await readSafeState(ctx.config, ctx.chainId, ctx.safe)
  // Only the hash is needed, but it is the one recomputed from the data, never the gateway's claim.
  const verified = await verifyQueued({ chainId: ctx.chainId, safe: ctx.safe, details, onChain })
  const typedData = deleteRequestTypedData({
    chainId: ctx.chainId,
    safe: ctx.safe,
    safeTxHash: verified.safeTxHash,
    totp: totp(),
  })
  const signature = await signTypedData(ctx.config, { account: ctx.account, ...typedData })
  await gatewayCall(() => deleteTransaction(String(ctx.chainId), verified.safeTxHash, signature))
}
