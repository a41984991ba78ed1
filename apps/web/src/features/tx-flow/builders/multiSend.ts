import { multiSendAbi, safeV130, safeV141 } from '@concord/safe/contracts'
import { type Address, concat, encodeFunctionData, encodePacked, type Hex, size } from 'viem'
import { type BuildResult, fail, ok, type SafeCall } from '../types'

/** The Safe's version as the gateway reports it (`1.4.1`, `1.3.0+L2`, …) reduced to `major.minor.patch`. */
export const baseVersion = (version: string | null | undefined): string | null =>
  /^(\d+\.\d+\.\d+)/.exec(version ?? '')?.[1] ?? null

/**
 * MultiSendCallOnly of the Safe's version (canonical addresses): it refuses DELEGATECALL actions, so a batch
 * can never run foreign code in the Safe's context.
 */
export function multiSendCallOnlyFor(version: string | null | undefined): BuildResult<Address> {
  switch (baseVersion(version)) {
    case '1.4.1':
      return ok(safeV141.multiSendCallOnly)
    case '1.3.0':
      return ok(safeV130.multiSendCallOnly)
    default:
      return fail(
        `Batches need a Safe of version 1.4.1 or 1.3.0 (this one is ${version ?? 'of unknown version'})`,
      )
  }
}

/** Packs the actions as MultiSend expects: operation (1 byte), to (20), value (32), data length (32), data. */
export function encodeMultiSendTransactions(calls: readonly SafeCall[]): Hex {
  return concat(
    calls.map((call) =>
      encodePacked(
        ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
        [call.operation, call.to, call.value, BigInt(size(call.data)), call.data],
      ),
    ),
  )
}

/** Several calls as ONE Safe transaction: a DELEGATECALL to MultiSendCallOnly's multiSend(bytes). */
export function buildMultiSendCallOnly(
  calls: readonly SafeCall[],
  version: string | null | undefined,
): BuildResult<SafeCall> {
  if (calls.length === 0) return fail('Add at least one action to the batch')
  if (calls.some((call) => call.operation !== 0))
    return fail('A batch cannot contain a DELEGATECALL action (MultiSendCallOnly refuses them)')
  const target = multiSendCallOnlyFor(version)
  if (!target.ok) return target
  return ok({
    to: target.value,
    value: 0n,
    data: encodeFunctionData({
      abi: multiSendAbi,
      functionName: 'multiSend',
      args: [encodeMultiSendTransactions(calls)],
    }),
    operation: 1,
  })
}
