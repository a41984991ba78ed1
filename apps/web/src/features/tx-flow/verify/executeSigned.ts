import { safeAbi } from '@concord/safe/contracts'
import * as SafeTx from '@concord/safe/SafeTx'
import type { ParsedSignature } from '@concord/safe/signatures'
import { encodeSignatures, preValidatedSignature } from '@concord/safe/signatures'
import { type Address, encodeFunctionData, getAddress, type Hash, isAddressEqual, parseEventLogs } from 'viem'
import type { Config } from 'wagmi'
import {
  estimateGas,
  getAccount,
  sendTransaction,
  switchChain,
  waitForTransactionReceipt,
} from 'wagmi/actions'
import type { OnChainSafe } from '../../../lib/safeState'
import { readSafeState } from '../../../lib/safeState'
import type { VerifyInput } from './verifyLink'

// Gas estimates of execTransaction fall short when the inner call's cost depends on state: 20 % headroom.
const GAS_HEADROOM_PERCENT = 120n

/** The owners (read from the chain) among the signers, and how many more the threshold needs. */
export function countOwnerSignatures(
  parsed: readonly ParsedSignature[],
  onChain: OnChainSafe,
  executor?: Address,
): { owners: Address[]; missing: number; executorCounts: boolean } {
  const owners = parsed
    .filter(
      (part) =>
        part.type !== 'CONTRACT_SIGNATURE' && onChain.owners.some((o) => isAddressEqual(o, part.signer)),
    )
    .map((part) => part.signer)
  const executorCounts =
    !!executor &&
    onChain.owners.some((o) => isAddressEqual(o, executor)) &&
    !owners.some((o) => isAddressEqual(o, executor))
  return {
    owners,
    missing: Math.max(0, onChain.threshold - owners.length - (executorCounts ? 1 : 0)),
    executorCounts,
  }
}

/**
 * Executes a transaction from its signatures alone, straight through the wallet (no gateway): the Safe is read
 * from the chain, only owners' signatures are kept, the executor's pre-validated signature is added when it is
 * an owner that has not signed, and the threshold and nonce are checked before the wallet is asked.
 */
export async function executeSigned(
  config: Config,
  p: { input: VerifyInput; parsed: readonly ParsedSignature[]; account: Address },
): Promise<{ hash: Hash; success: boolean }> {
  const { chainId, safe, tx } = p.input
  if (getAccount(config).chainId !== chainId) await switchChain(config, { chainId })
  const onChain = await readSafeState(config, chainId, safe)
  if (tx.nonce !== onChain.nonce)
    throw new Error(`This transaction has nonce ${tx.nonce}, but the Safe is at nonce ${onChain.nonce}`)
  const count = countOwnerSignatures(p.parsed, onChain, p.account)
  if (count.missing > 0)
    throw new Error(
      `${count.missing} more owner signature${count.missing === 1 ? '' : 's'} needed (threshold ${onChain.threshold})`,
    )
  const parts = p.parsed.filter((part) => count.owners.some((o) => isAddressEqual(o, part.signer)))
  if (count.executorCounts)
    parts.push({
      signer: getAddress(p.account),
      signature: preValidatedSignature(p.account),
      type: 'APPROVED_HASH',
    })
  const data = encodeFunctionData({
    abi: safeAbi,
    functionName: 'execTransaction',
    args: SafeTx.execTransactionArgs(tx, encodeSignatures(parts)),
  })
  const request = { account: p.account, chainId, to: safe, data } as const
  const gas = ((await estimateGas(config, request)) * GAS_HEADROOM_PERCENT) / 100n
  const hash = await sendTransaction(config, { ...request, gas })
  const receipt = await waitForTransactionReceipt(config, { hash, chainId })
  // The Safe reports a failed inner call with ExecutionFailure in a successful transaction.
  const events = parseEventLogs({ abi: safeAbi, logs: receipt.logs, eventName: ['ExecutionSuccess'] })
  return { hash, success: receipt.status === 'success' && events.length > 0 }
}
