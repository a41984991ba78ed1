// Indexed rows → the list items of the Client Gateway's transaction shapes: one summary per kind of history item.
// Transaction details (GET /v1/chains/{chainId}/transactions/{transactionId}) wrap the same summary, so lists and
// details always agree.
import { countSignatures } from '@concord/safe/signatures'
import { type Hex, zeroAddress } from 'viem'
import type { AllowanceTransfer } from './allowanceTransfers.ts'
import { transactionId } from './transactionIds.ts'
import type { ModuleTx, MultisigTx, Transfer } from './transactions.repository.ts'
import { addressInfo, callInfo, type MapContext, transferInfo } from './txInfo.mapper.ts'

export const ms = (seconds: number) => seconds * 1000

export function multisigSummary(tx: MultisigTx, ctx: MapContext) {
  // Unknown signatures: the execution itself proves the threshold was met.
  const signatures = tx.signatures === null ? tx.threshold : countSignatures(tx.signatures as Hex)
  return {
    id: transactionId.multisig(tx.safe, tx.safeTxHash),
    timestamp: ms(tx.timestamp),
    txStatus: tx.success ? ('SUCCESS' as const) : ('FAILED' as const),
    txInfo: callInfo(tx, ctx, { refundsConsistent: refundsConsistent(tx), pending: tx.paramsPending }),
    executionInfo: {
      type: 'MULTISIG' as const,
      nonce: tx.nonce,
      confirmationsRequired: tx.threshold,
      confirmationsSubmitted: signatures,
      missingSigners: null,
    },
    safeAppInfo: null,
    txHash: tx.txHash,
    note: null,
  }
}

export const refundsConsistent = (
  tx: Pick<MultisigTx, 'baseGas' | 'gasPrice' | 'gasToken' | 'refundReceiver'>,
) => {
  const set = [
    tx.baseGas !== '0',
    tx.gasPrice !== '0',
    tx.gasToken !== zeroAddress,
    tx.refundReceiver !== zeroAddress,
  ]
  return set.every(Boolean) || !set.some(Boolean)
}

/**
 * A module execution, in the CGW `MODULE` shape. One by a spending-limit module also carries (a Concord field)
 * `spendingLimit`: the beneficiary who made the transfer, and the allowance's token, recipient and amount; one by
 * a Delay modifier (a recovery) carries `recovery: true`.
 */
export function moduleSummary(
  tx: ModuleTx,
  ctx: MapContext,
  allowance?: AllowanceTransfer,
  recovery = false,
) {
  return {
    id: transactionId.module(tx.safe, tx.txHash, tx.logIndex),
    timestamp: ms(tx.timestamp),
    txStatus: tx.success ? ('SUCCESS' as const) : ('FAILED' as const),
    txInfo: callInfo(tx, ctx),
    executionInfo: {
      type: 'MODULE' as const,
      address: addressInfo(tx.module, ctx),
      ...(allowance
        ? {
            spendingLimit: {
              beneficiary: addressInfo(allowance.beneficiary, ctx),
              token: addressInfo(allowance.token, ctx),
              to: addressInfo(allowance.to, ctx),
              amount: allowance.value,
            },
          }
        : {}),
      ...(recovery ? { recovery: true } : {}),
    },
    safeAppInfo: null,
    txHash: tx.txHash,
    note: null,
  }
}

/** A token transfer is trusted when its token's metadata could be read; native coin has no token. */
const trustedToken = (t: Pick<Transfer, 'token'>, ctx: MapContext) =>
  t.token ? !(ctx.tokens.get(t.token)?.invalid ?? true) : null

/** Transfers hidden by `trusted`: ERC20 of invalid tokens, and zero-value ERC20 (address poisoning). */
export const hiddenTransfer = (t: Transfer, ctx: MapContext, trusted: boolean) =>
  t.type === 'ERC20' && (t.value === '0' || (trusted && (ctx.tokens.get(t.token as string)?.invalid ?? true)))

export function transferSummary(t: Transfer, ctx: MapContext) {
  return {
    id: transactionId.transfer(t.safe, t.txHash, t.logIndex),
    timestamp: ms(t.timestamp),
    txStatus: 'SUCCESS' as const,
    txInfo: transferInfo(t, ctx, trustedToken(t, ctx)),
    executionInfo: null,
    safeAppInfo: null,
    txHash: t.txHash,
    note: null,
  }
}

export type Creation = {
  creator: string | null
  saltNonce: string | null
  factory: string | null
  txHash: string
  implementation: string
  timestamp: number | null
}

export function creationInfo(c: Creation) {
  return {
    type: 'Creation' as const,
    humanDescription: null,
    creator: addressInfo(c.creator ?? zeroAddress),
    transactionHash: c.txHash,
    implementation: addressInfo(c.implementation),
    factory: addressInfo(c.factory ?? zeroAddress),
    saltNonce: c.saltNonce,
  }
}

export function creationSummary(safe: string, c: Creation) {
  return {
    id: transactionId.creation(safe),
    timestamp: ms(c.timestamp ?? 0),
    txStatus: 'SUCCESS' as const,
    txInfo: creationInfo(c),
    executionInfo: null,
    safeAppInfo: null,
    txHash: c.txHash,
    note: null,
  }
}
