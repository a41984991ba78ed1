// Tells a contract's own answer from a failure to ask it. Only the first may mark a token invalid for good: a
// revert, a call that returns nothing (no code at the address, or no such function) or a result that does not
// decode. Timeouts, rate limits, 5xx and dropped connections say nothing about the token and are retried.
import {
  BaseError,
  CallExecutionError,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
} from 'viem'

export type ContractReadFailure = 'contract' | 'transport'

/** Classifies an error thrown by viem's readContract. Anything unrecognised counts as 'transport'. */
export function contractReadFailure(error: unknown): ContractReadFailure {
  if (!(error instanceof BaseError)) return 'transport'
  if (error.walk((e) => e instanceof ContractFunctionZeroDataError)) return 'contract'
  if (error.walk((e) => e instanceof ContractFunctionRevertedError))
    return revertEvidence(error) ? 'contract' : 'transport'
  // readContract wraps the call's own failures in CallExecutionError; without one, the call answered and the
  // result failed to decode.
  if (error instanceof ContractFunctionExecutionError && !error.walk((e) => e instanceof CallExecutionError))
    return 'contract'
  // Nodes that report a revert without data (e.g. geth's -32000 "execution reverted") are not converted by viem.
  return revertEvidence(error) ? 'contract' : 'transport'
}

/**
 * Whether the node said the call reverted: JSON-RPC code 3, revert data, or "revert" in its message. viem also
 * reads any -32603 (internal error) as a revert, which a node under load answers too.
 */
function revertEvidence(error: BaseError): boolean {
  const reverted = error.walk(
    (e) => e instanceof ContractFunctionRevertedError,
  ) as ContractFunctionRevertedError | null
  if (reverted?.raw && reverted.raw !== '0x') return true
  // The first error carrying a JSON-RPC code; `details` is the node's own message.
  const rpc = error.walk((e) => typeof (e as { code?: unknown }).code === 'number') as {
    code: number
    details?: string
  } | null
  if (!rpc) return false
  return rpc.code === 3 || /revert/i.test(rpc.details ?? '')
}
