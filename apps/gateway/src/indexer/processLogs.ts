// Replays Safe events, in chain order, into per-Safe state and executed-transaction rows. Pure: the caller
// loads the Safes the logs touch, and persists what comes out. The same code serves live indexing and
// the replay that undoes a reorg, so both always agree.
import {
  type Address,
  decodeAbiParameters,
  getAddress,
  type Hex,
  hexToBigInt,
  sliceHex,
  zeroAddress,
} from 'viem'
import type {
  historyItems,
  moduleTransactions,
  multisigTransactions,
  safes,
  transfers,
} from '../db/schema.ts'
import {
  type DecodedSafeEvent,
  decodeProxyCreation,
  decodeSafeEvent,
  PROXY_CREATION_TOPIC,
  type RawLog,
  type SafeEventName,
  TRANSFER_TOPIC,
} from './events.ts'

export type SafeRow = typeof safes.$inferSelect
export type MultisigRow = typeof multisigTransactions.$inferInsert
export type ModuleRow = typeof moduleTransactions.$inferInsert
export type TransferRow = typeof transfers.$inferInsert
export type HistoryRow = typeof historyItems.$inferInsert

/** A singleton a proxy may point at to count as a Safe, and the version label it gives (`1.3.0+L2`). */
export type MasterCopies = Map<Address, { version: string | null }>

export type ProcessInput = {
  chainId: number
  logs: RawLog[]
  /** Safes already indexed, by checksummed address (the function updates this map in place). */
  safes: Map<Address, SafeRow>
  /** Known master copies (by address, or verified by code hash by the caller). */
  masterCopies: MasterCopies
  /** Singleton of proxies set up without a ProxyCreation in the same transaction (read from storage). */
  singletonOf: (proxy: Address) => Address | undefined
  timestampOf: (blockNumber: number) => number
}

export type ProcessOutput = {
  /** Logs that belong to the index (events of Safes, their creations). */
  kept: RawLog[]
  changedSafes: Set<Address>
  multisig: MultisigRow[]
  modules: ModuleRow[]
  /** Native coin received (SafeReceived); token transfers come from processTransfers(). */
  transfers: TransferRow[]
  history: HistoryRow[]
  /** Logs at indexed Safes with a Safe topic that no known layout decodes (counted and logged by the caller). */
  undecodable: RawLog[]
}

/** The Safe's owners and threshold before the execution now running (its own events change them). */
type ExecutionStart = { txHash: Hex; owners: string[]; threshold: number }

type Ctx = {
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
  ChangedMasterCopy: ({ singleton }, { safe, input }) => {
    safe.implementation = getAddress(singleton)
    safe.version = input.masterCopies.get(safe.implementation as Address)?.version ?? null
  },
  ChangedModuleGuard: null,
  SafeMultiSigTransaction: (args, ctx) => {
    // additionalInfo = abi.encode(nonce, msg.sender, threshold)
    const [nonce, sender, threshold] = decodeAbiParameters(
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
      module: getAddress(args.module),
      to: getAddress(args.to),
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
  ApproveHash: null,
  SignMsg: null,
  SafeReceived: ({ sender, value }, ctx) => {
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
      from: getAddress(sender),
      to: ctx.safe.address,
      value: value.toString(),
      tokenId: null,
    })
    ctx.out.history.push(historyRow(ctx, 'transfer'))
  },
}

const historyRow = (ctx: Ctx, kind: HistoryRow['kind']): HistoryRow => ({
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
          module: getAddress(module),
          to: null,
          value: null,
          data: null,
          operation: null,
        }
  ctx.out.modules.push({ ...row, success, logIndex: ctx.log.logIndex })
  ctx.out.history.push(historyRow(ctx, 'module'))
}

/** The parameters of an execution no log carries (a non-L2 Safe's), until something explains them. */
export const UNKNOWN_PARAMS = {
  to: null,
  value: null,
  data: null,
  operation: null,
  safeTxGas: null,
  baseGas: null,
  gasPrice: null,
  gasToken: null,
  refundReceiver: null,
  signatures: null,
  executor: null,
  paramsSource: null,
} as const satisfies Partial<MultisigRow>

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
  ctx.out.multisig.push({
    ...row,
    owners: [...start.owners],
    safeTxHash: safeTxHash.toLowerCase(),
    success,
    logIndex: ctx.log.logIndex,
  })
  ctx.out.history.push(historyRow(ctx, 'multisig'))
  ctx.safe.nonce = row.nonce + 1
}

export function processLogs(input: ProcessInput): ProcessOutput {
  const out: ProcessOutput = {
    kept: [],
    changedSafes: new Set(),
    multisig: [],
    modules: [],
    transfers: [],
    history: [],
    undecodable: [],
  }
  // ProxyCreation is emitted after the proxy's SafeSetup, so collect the singletons first.
  const created = new Map<string, Address>()
  for (const log of input.logs) {
    if (log.topics[0] !== PROXY_CREATION_TOPIC) continue
    const args = decodeProxyCreation(log)
    if (args) created.set(`${log.txHash}:${args.proxy}`, args.singleton)
  }
  const ctx: Ctx = {
    input,
    out,
    log: input.logs[0] as RawLog,
    safe: undefined as unknown as SafeRow,
    pending: new Map(),
    started: new Map(),
    pendingModule: new Map(),
  }

  for (const log of input.logs) {
    if (log.topics[0] === PROXY_CREATION_TOPIC) {
      const args = decodeProxyCreation(log)
      if (args && input.safes.has(args.proxy)) out.kept.push(log)
      continue
    }
    const event = decodeSafeEvent(log)
    if (!event) continue
    const address = getAddress(log.address)
    ctx.log = log
    if (event === 'undecodable') {
      // Kept in `logs` (the source of truth) so a later release can replay it; reported by the caller.
      if (input.safes.has(address)) {
        out.undecodable.push(log)
        out.kept.push(log)
      }
      continue
    }

    if (event.eventName === 'SafeSetup') {
      const singleton = created.get(`${log.txHash}:${address}`) ?? input.singletonOf(address)
      const masterCopy = singleton && input.masterCopies.get(singleton)
      if (!singleton || !masterCopy || input.safes.has(address)) continue
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
        version: masterCopy.version,
        creator: getAddress(initiator),
        saltNonce: null,
        factory: null,
        creationTxHash: log.txHash,
        creationBlock: log.blockNumber,
        updatedBlock: log.blockNumber,
      })
      out.changedSafes.add(address)
      out.kept.push(log)
      ctx.safe = input.safes.get(address) as SafeRow
      out.history.push(historyRow(ctx, 'creation'))
      continue
    }

    const safe = input.safes.get(address)
    if (!safe) continue
    ctx.safe = safe
    const start = ctx.started.get(address)
    if (start?.txHash !== log.txHash)
      ctx.started.set(address, { txHash: log.txHash, owners: safe.owners, threshold: safe.threshold })
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
    const safe = args && input.safes.get(args.proxy)
    if (safe && safe.creationTxHash === log.txHash) safe.factory = getAddress(log.address)
  }
  return out
}

const topicAddress = (topic: Hex | undefined) => (topic ? getAddress(sliceHex(topic, 12)) : undefined)

/**
 * ERC20 (3 topics) and ERC721 (4 topics) Transfer events into transfer rows, one per Safe side, plus the
 * history item of each incoming one (outgoing transfers show in history as the Safe transaction that made them).
 */
export function processTransfers(input: {
  chainId: number
  logs: RawLog[]
  isSafe: (address: Address) => boolean
  timestampOf: (blockNumber: number) => number
}): { transfers: TransferRow[]; history: HistoryRow[] } {
  const out: { transfers: TransferRow[]; history: HistoryRow[] } = { transfers: [], history: [] }
  for (const log of input.logs) {
    if (log.topics[0] !== TRANSFER_TOPIC) continue
    const erc721 = log.topics.length === 4
    if (!erc721 && (log.topics.length !== 3 || log.data.length !== 66)) continue
    const from = topicAddress(log.topics[1])
    const to = topicAddress(log.topics[2])
    if (!from || !to) continue
    const base = {
      chainId: input.chainId,
      blockNumber: log.blockNumber,
      logIndex: log.logIndex,
      txHash: log.txHash,
      timestamp: input.timestampOf(log.blockNumber),
      type: erc721 ? ('ERC721' as const) : ('ERC20' as const),
      token: getAddress(log.address),
      from,
      to,
      value: erc721 ? null : hexToBigInt(log.data).toString(),
      tokenId: erc721 ? hexToBigInt(log.topics[3] as Hex).toString() : null,
    }
    for (const safe of new Set([from, to])) {
      if (!input.isSafe(safe)) continue
      out.transfers.push({ ...base, safe })
      if (safe === to && safe !== from)
        out.history.push({
          chainId: input.chainId,
          safe,
          blockNumber: log.blockNumber,
          logIndex: log.logIndex,
          kind: 'transfer',
          timestamp: base.timestamp,
        })
    }
  }
  return out
}
