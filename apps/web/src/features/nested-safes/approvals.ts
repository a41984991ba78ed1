// A Safe owned by another Safe (nested Safes): the parent confirms a child's transaction by executing, as one of
// its own transactions, approveHash(safeTxHash) on the child. execTransaction of the child then accepts the
// parent's pre-validated signature (v = 1), and the gateway checks approvedHashes on chain before storing it.
import type { TransactionDetails, TransactionListItem } from '@safe-global/safe-gateway-typescript-sdk'
import { type Address, encodeFunctionData, type Hex, parseAbi } from 'viem'

export const approveHashAbi = parseAbi([
  'function approveHash(bytes32 hashToApprove)',
  'function approvedHashes(address owner, bytes32 hash) view returns (uint256)',
])

/** The parent's call that confirms `safeTxHash` of `child`. */
export const approveHashCall = (child: Address, safeTxHash: Hex) => ({
  to: child,
  value: 0n,
  data: encodeFunctionData({ abi: approveHashAbi, functionName: 'approveHash', args: [safeTxHash] }),
  operation: 0 as const,
})

/** Queued transactions of the parent that call approveHash on the child (their hash is read from the details). */
export function approveHashCandidates(queue: readonly TransactionListItem[], child: Address): string[] {
  return queue.flatMap((item) =>
    item.type === 'TRANSACTION' &&
    item.transaction.txInfo.type === 'Custom' &&
    item.transaction.txInfo.methodName === 'approveHash' &&
    item.transaction.txInfo.to.value.toLowerCase() === child.toLowerCase()
      ? [item.transaction.id]
      : [],
  )
}

/** Whether the parent's queued transaction approves exactly this hash on this child (its calldata decides). */
export function approvesHash(details: TransactionDetails, child: Address, safeTxHash: Hex): boolean {
  const data = details.txData
  if (!data || data.to.value.toLowerCase() !== child.toLowerCase() || data.operation !== 0) return false
  return data.hexData?.toLowerCase() === approveHashCall(child, safeTxHash).data.toLowerCase()
}
