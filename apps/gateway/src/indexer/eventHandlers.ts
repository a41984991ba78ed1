// What each Safe event does to the Safe's state and to the rows of its history. The replay loop in
// processLogs.ts feeds them the decoded events of one Safe at a time, in chain order.
import { type Address, decodeAbiParameters, type Hex, zeroAddress } from 'viem'
import { checksum } from './checksum.ts'
import type { DecodedSafeEvent, RawLog, SafeEventName } from './events.ts'
import type { ProcessInput, ProcessOutput } from './processLogs.ts'
import { type HistoryRow, type ModuleRow, type MultisigRow, type SafeRow, UNKNOWN_PARAMS } from './rows.ts'

/** The Safe's owners and threshold before the execution now running (its own events change them). */
export type ExecutionStart = { txHash: Hex; owners: string[]; threshold: number }

export type Ctx = {
  input: ProcessInput
  out: ProcessOutput
  log: RawLog
  safe: SafeRow
  /** Owner slot freed by a RemovedOwner just before (swapOwner keeps the position). */
  lastRemoved?: { safe: Address; index: number; logIndex: number; txHash: Hex }
  pending: Map<Address, Omit<MultisigRow, 'safeTxHash' | 'success' | 'logIndex' | 'owners'>>
  /** Per Safe: the state when its current execution began (first log of the Safe since the last one ended). */
  started: Map<Address, ExecutionStart>
  pendingModule: Map<Address, Omit<ModuleRow, 'success' | 'logIndex'>>
}

export type Handler<E extends SafeEventName> = (
  args: Extract<DecodedSafeEvent, { eventName: E }>['args'],
  ctx: Ctx,
) => void
export const nullable = (a: Address) => (a === zeroAddress ? null : checksum(a))

/** One entry per Safe event; `null` marks events that are kept for history but change no state. */
export const handlers: { [E in Exclude<SafeEventName, 'SafeSetup'>]: Handler<E> | null } = {
  AddedOwner: ({ owner }, ctx) => {
    const { safe, lastRemoved, log } = ctx
    const swap =
      lastRemoved?.safe === safe.address &&
      lastRemoved.txHash === log.txHash &&
      lastRemoved.logIndex === log.logIndex - 1
    // A new list, as RemovedOwner's: executions already recorded share the current one (finishExecution).
    const owners = [...safe.owners]
    owners.splice(swap ? lastRemoved.index : 0, 0, checksum(owner))
    safe.owners = owners
  },
  RemovedOwner: ({ owner }, ctx) => {
    const index = ctx.safe.owners.indexOf(checksum(owner))
    if (index < 0) return
    ctx.safe.owners = ctx.safe.owners.filter((_, i) => i !== index)
    ctx.lastRemoved = {
      safe: ctx.safe.address as Address,
      index,
      logIndex: ctx.log.logIndex,
      txHash: ctx.log.txHash,
    }
  },
  ChangedThreshold: ({ threshold }, { safe }) => {
    safe.threshold = Number(threshold)
  },
  EnabledModule: ({ module }, { safe }) => {
    safe.modules = [checksum(module), ...safe.modules]
  },
  DisabledModule: ({ module }, { safe }) => {
    safe.modules = safe.modules.filter((m) => m !== checksum(module))
  },
  ChangedGuard: ({ guard }, { safe }) => {
    safe.guard = nullable(guard)
  },
  ChangedFallbackHandler: ({ handler }, { safe }) => {
    safe.fallbackHandler = nullable(handler)
  },
  ChangedMasterCopy: ({ singleton }, { safe, input }) => {
    safe.implementation = checksum(singleton)
    safe.version = input.masterCopies.get(safe.implementation as Address)?.version ?? null
  },
  ChangedModuleGuard: null,
  SafeMultiSigTransaction: (args, ctx) => {
    const [nonce, sender, threshold] = additionalInfo(args.additionalInfo)
    ctx.pending.set(ctx.safe.address as Address, {
      chainId: ctx.input.chainId,
      safe: ctx.safe.address,
      nonce: Number(nonce),
      to: checksum(args.to),
      value: args.value.toString(),
      data: args.data,
      operation: args.operation,
      safeTxGas: args.safeTxGas.toString(),
      baseGas: args.baseGas.toString(),
      gasPrice: args.gasPrice.toString(),
      gasToken: checksum(args.gasToken),
      refundReceiver: checksum(args.refundReceiver),
      signatures: args.signatures,
      executor: checksum(sender),
      threshold: Number(threshold),
      paramsSource: 'event',
      txHash: ctx.log.txHash,
      blockNumber: ctx.log.blockNumber,
      timestamp: ctx.input.timestampOf(ctx.log.blockNumber),
    })
  },
  ExecutionSuccess: ({ txHash }, ctx) => finishExecution(txHash, true, ctx),
  ExecutionFailure: ({ txHash }, ctx) => finishExecution(txHash, false, ctx),
  SafeModuleTransaction: (args, ctx) => {
    ctx.pendingModule.set(ctx.safe.address as Address, {
      chainId: ctx.input.chainId,
      safe: ctx.safe.address,
      module: checksum(args.module),
      to: checksum(args.to),
      value: args.value.toString(),
      data: args.data,
      operation: args.operation,
      txHash: ctx.log.txHash,
      blockNumber: ctx.log.blockNumber,
      timestamp: ctx.input.timestampOf(ctx.log.blockNumber),
    })
  },
  ExecutionFromModuleSuccess: ({ module }, ctx) => finishModuleExecution(module, true, ctx),
  ExecutionFromModuleFailure: ({ module }, ctx) => finishModuleExecution(module, false, ctx),
  ApproveHash: ({ approvedHash, owner }, ctx) => {
    ctx.out.approvals.push({
      chainId: ctx.input.chainId,
      safe: ctx.safe.address,
      safeTxHash: approvedHash,
      owner: checksum(owner),
      timestamp: ctx.input.timestampOf(ctx.log.blockNumber),
    })
  },
  SignMsg: null,
  SafeReceived: ({ sender, value }, ctx) => {
    // A call with no value and no data lands in receive() too (an on-chain rejection calls the Safe itself
    // so): nothing moved, so no transfer, only the execution in history.
    if (value === 0n) return
    const row = {
      chainId: ctx.input.chainId,
      safe: ctx.safe.address,
      blockNumber: ctx.log.blockNumber,
      logIndex: ctx.log.logIndex,
      txHash: ctx.log.txHash,
      timestamp: ctx.input.timestampOf(ctx.log.blockNumber),
    }
    ctx.out.transfers.push({
      ...row,
      type: 'NATIVE_COIN',
      token: null,
      from: checksum(sender),
      to: ctx.safe.address,
      value: value.toString(),
      tokenId: null,
    })
    ctx.out.history.push(historyRow(ctx, 'transfer'))
  },
}

/** additionalInfo = abi.encode(nonce, msg.sender, threshold): three words, read in place when that is all it holds. */
function additionalInfo(data: Hex): readonly [bigint, string, bigint] {
  if (data.length !== 2 + 3 * 64)
    return decodeAbiParameters([{ type: 'uint256' }, { type: 'address' }, { type: 'uint256' }], data)
  return [BigInt(`0x${data.slice(2, 66)}`), `0x${data.slice(90, 130)}`, BigInt(`0x${data.slice(130)}`)]
}

export const historyRow = (ctx: Ctx, kind: HistoryRow['kind']): HistoryRow => ({
  chainId: ctx.input.chainId,
  safe: ctx.safe.address,
  blockNumber: ctx.log.blockNumber,
  logIndex: ctx.log.logIndex,
  kind,
  timestamp: ctx.input.timestampOf(ctx.log.blockNumber),
})

function finishModuleExecution(module: Address, success: boolean, ctx: Ctx): void {
  const address = ctx.safe.address as Address
  const pending = ctx.pendingModule.get(address)
  ctx.pendingModule.delete(address)
  ctx.started.delete(address)
  const row: Omit<ModuleRow, 'success' | 'logIndex'> =
    pending?.txHash === ctx.log.txHash
      ? pending
      : // Non-L2 Safe: the call's parameters are resolved from the transaction later (or stay unknown).
        {
          ...executionBase(ctx),
          module: checksum(module),
          to: null,
          value: null,
          data: null,
          operation: null,
        }
  ctx.out.modules.push({ ...row, success, logIndex: ctx.log.logIndex })
  ctx.out.history.push(historyRow(ctx, 'module'))
}

const executionBase = (ctx: Ctx) => ({
  chainId: ctx.input.chainId,
  safe: ctx.safe.address,
  txHash: ctx.log.txHash,
  blockNumber: ctx.log.blockNumber,
  timestamp: ctx.input.timestampOf(ctx.log.blockNumber),
})

function finishExecution(safeTxHash: Hex, success: boolean, ctx: Ctx): void {
  const address = ctx.safe.address as Address
  const pending = ctx.pending.get(address)
  const start = ctx.started.get(address) ?? { owners: ctx.safe.owners, threshold: ctx.safe.threshold }
  ctx.pending.delete(address)
  ctx.started.delete(address)
  const row: Omit<MultisigRow, 'safeTxHash' | 'success' | 'logIndex' | 'owners'> =
    pending?.txHash === ctx.log.txHash
      ? pending
      : // Non-L2 Safe (no SafeMultiSigTransaction): what the events tell; the parameters are resolved from
        // the transaction's calldata or trace before the window is committed, or stay unknown.
        {
          ...executionBase(ctx),
          nonce: ctx.safe.nonce,
          threshold: start.threshold,
          ...UNKNOWN_PARAMS,
        }
  // Completes the pending object in place (no other reference to it is left) rather than copying it: a
  // backfill finishes thousands of executions per window. Owner lists are replaced, never changed in place
  // (see the owner handlers), so the row can share the one it started with.
  ctx.out.multisig.push(
    Object.assign(row, {
      owners: start.owners,
      safeTxHash: safeTxHash.toLowerCase(),
      success,
      logIndex: ctx.log.logIndex,
    }),
  )
  ctx.out.history.push(historyRow(ctx, 'multisig'))
  ctx.safe.nonce = row.nonce + 1
}
