// Replays Safe events, in chain order, into per-Safe state and executed-transaction rows. Pure: the caller
// loads the Safes the logs touch, and persists what comes out. The same code serves live indexing and
// the replay that undoes a reorg, so both always agree.
import { type Address, decodeAbiParameters, getAddress, type Hex, zeroAddress } from 'viem'
import type { multisigTransactions, safes } from '../db/schema.ts'
import {
  type DecodedSafeEvent,
  decodeProxyCreation,
  decodeSafeEvent,
  PROXY_CREATION_TOPIC,
  type RawLog,
  type SafeEventName,
} from './events.ts'

export type SafeRow = typeof safes.$inferSelect
export type MultisigRow = typeof multisigTransactions.$inferInsert

export type ProcessInput = {
  chainId: number
  logs: RawLog[]
  /** Safes already indexed, by checksummed address (the function updates this map in place). */
  safes: Map<Address, SafeRow>
  /** Known master copies: a proxy whose singleton is one of these is a Safe. */
  masterCopies: Set<Address>
  /** Singleton of proxies set up without a ProxyCreation in the same transaction (read from storage). */
  singletonOf: (proxy: Address) => Address | undefined
  timestampOf: (blockNumber: number) => number
}

export type ProcessOutput = {
  /** Logs that belong to the index (events of Safes, their creations). */
  kept: RawLog[]
  changedSafes: Set<Address>
  multisig: MultisigRow[]
}

type Ctx = {
  input: ProcessInput
  out: ProcessOutput
  log: RawLog
  safe: SafeRow
  /** Owner slot freed by a RemovedOwner just before (swapOwner keeps the position). */
  lastRemoved?: { safe: Address; index: number; logIndex: number; txHash: Hex }
  pending: Map<Address, Omit<MultisigRow, 'safeTxHash' | 'success' | 'logIndex'>>
}

type Handler<E extends SafeEventName> = (
  args: Extract<DecodedSafeEvent, { eventName: E }>['args'],
  ctx: Ctx,
) => void
const nullable = (a: Address) => (a === zeroAddress ? null : getAddress(a))

/** One entry per Safe event; `null` marks events that are kept for history but change no state. */
const handlers: { [E in Exclude<SafeEventName, 'SafeSetup'>]: Handler<E> | null } = {
  AddedOwner: ({ owner }, ctx) => {
    const { safe, lastRemoved, log } = ctx
    const swap =
      lastRemoved?.safe === safe.address &&
      lastRemoved.txHash === log.txHash &&
      lastRemoved.logIndex === log.logIndex - 1
    const owners = [...safe.owners]
    owners.splice(swap ? lastRemoved.index : 0, 0, getAddress(owner))
    safe.owners = owners
  },
  RemovedOwner: ({ owner }, ctx) => {
    const index = ctx.safe.owners.indexOf(getAddress(owner))
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
    safe.modules = [getAddress(module), ...safe.modules]
  },
  DisabledModule: ({ module }, { safe }) => {
    safe.modules = safe.modules.filter((m) => m !== getAddress(module))
  },
  ChangedGuard: ({ guard }, { safe }) => {
    safe.guard = nullable(guard)
  },
  ChangedFallbackHandler: ({ handler }, { safe }) => {
    safe.fallbackHandler = nullable(handler)
  },
  ChangedMasterCopy: ({ singleton }, { safe }) => {
    safe.implementation = getAddress(singleton)
  },
  SafeMultiSigTransaction: (args, ctx) => {
    // additionalInfo = abi.encode(nonce, msg.sender, threshold)
    const [nonce, sender] = decodeAbiParameters(
      [{ type: 'uint256' }, { type: 'address' }, { type: 'uint256' }],
      args.additionalInfo,
    )
    ctx.pending.set(ctx.safe.address as Address, {
      chainId: ctx.input.chainId,
      safe: ctx.safe.address,
      nonce: Number(nonce),
      to: getAddress(args.to),
      value: args.value.toString(),
      data: args.data,
      operation: args.operation,
      safeTxGas: args.safeTxGas.toString(),
      baseGas: args.baseGas.toString(),
      gasPrice: args.gasPrice.toString(),
      gasToken: getAddress(args.gasToken),
      refundReceiver: getAddress(args.refundReceiver),
      signatures: args.signatures,
      executor: getAddress(sender),
      txHash: ctx.log.txHash,
      blockNumber: ctx.log.blockNumber,
      timestamp: ctx.input.timestampOf(ctx.log.blockNumber),
    })
  },
  ExecutionSuccess: ({ txHash }, ctx) => finishExecution(txHash, true, ctx),
  ExecutionFailure: ({ txHash }, ctx) => finishExecution(txHash, false, ctx),
  SafeModuleTransaction: null,
  ExecutionFromModuleSuccess: null,
  ExecutionFromModuleFailure: null,
  ApproveHash: null,
  SignMsg: null,
  SafeReceived: null,
}

function finishExecution(safeTxHash: Hex, success: boolean, ctx: Ctx): void {
  const address = ctx.safe.address as Address
  const pending = ctx.pending.get(address)
  ctx.pending.delete(address)
  if (!pending || pending.txHash !== ctx.log.txHash) return // non-L2 Safe: no parameters to record
  ctx.out.multisig.push({ ...pending, safeTxHash, success, logIndex: ctx.log.logIndex })
  ctx.safe.nonce = pending.nonce + 1
}

export function processLogs(input: ProcessInput): ProcessOutput {
  const out: ProcessOutput = { kept: [], changedSafes: new Set(), multisig: [] }
  // ProxyCreation is emitted after the proxy's SafeSetup, so collect the singletons first.
  const created = new Map<string, Address>()
  for (const log of input.logs) {
    if (log.topics[0] !== PROXY_CREATION_TOPIC) continue
    const args = decodeProxyCreation(log)
    if (args) created.set(`${log.txHash}:${getAddress(args.proxy)}`, getAddress(args.singleton))
  }
  const ctx: Ctx = {
    input,
    out,
    log: input.logs[0] as RawLog,
    safe: undefined as unknown as SafeRow,
    pending: new Map(),
  }

  for (const log of input.logs) {
    if (log.topics[0] === PROXY_CREATION_TOPIC) {
      const args = decodeProxyCreation(log)
      if (args && input.safes.has(getAddress(args.proxy))) out.kept.push(log)
      continue
    }
    const event = decodeSafeEvent(log)
    if (!event) continue
    const address = getAddress(log.address)
    ctx.log = log

    if (event.eventName === 'SafeSetup') {
      const singleton = created.get(`${log.txHash}:${address}`) ?? input.singletonOf(address)
      if (!singleton || !input.masterCopies.has(singleton) || input.safes.has(address)) continue
      const { owners, threshold, fallbackHandler, initiator } = event.args
      input.safes.set(address, {
        chainId: input.chainId,
        address,
        owners: owners.map((o) => getAddress(o)),
        threshold: Number(threshold),
        nonce: 0,
        modules: [],
        guard: null,
        fallbackHandler: nullable(fallbackHandler),
        implementation: singleton,
        creator: getAddress(initiator),
        factory: null,
        creationTxHash: log.txHash,
        creationBlock: log.blockNumber,
        updatedBlock: log.blockNumber,
      })
      out.changedSafes.add(address)
      out.kept.push(log)
      continue
    }

    const safe = input.safes.get(address)
    if (!safe) continue
    ctx.safe = safe
    const handler = handlers[event.eventName] as Handler<typeof event.eventName> | null
    handler?.(event.args as never, ctx)
    safe.updatedBlock = log.blockNumber
    out.changedSafes.add(address)
    out.kept.push(log)
  }
  // Record the factory of each Safe created in these logs.
  for (const log of out.kept) {
    if (log.topics[0] !== PROXY_CREATION_TOPIC) continue
    const args = decodeProxyCreation(log)
    const safe = args && input.safes.get(getAddress(args.proxy))
    if (safe && safe.creationTxHash === log.txHash) safe.factory = getAddress(log.address)
  }
  return out
}
