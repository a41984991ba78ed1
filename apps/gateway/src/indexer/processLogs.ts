// Replays Safe events, in chain order, into per-Safe state and executed-transaction rows. Pure: the caller
// loads the Safes the logs touch, and persists what comes out (a reorg is undone from the undo records the
// commit keeps, see reorgStore.ts).
import type { Address } from 'viem'
import { checksum } from './checksum.ts'
import { type Ctx, type Handler, handlers, historyRow, nullable } from './eventHandlers.ts'
import { decodeProxyCreation, decodeSafeEvent, PROXY_CREATION_TOPIC, type RawLog } from './events.ts'
import type {
  ApprovalRow,
  HistoryRow,
  MasterCopies,
  ModuleRow,
  MultisigRow,
  SafeRow,
  TransferRow,
} from './rows.ts'

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
  /** Logs the replay took in (events of indexed Safes, their creations); only the undecodable ones are stored. */
  kept: RawLog[]
  changedSafes: Set<Address>
  multisig: MultisigRow[]
  modules: ModuleRow[]
  /** Native coin received (SafeReceived); token transfers come from processTransfers(). */
  transfers: TransferRow[]
  history: HistoryRow[]
  /** On-chain approvals of Safe transaction hashes (approveHash), each a confirmation. */
  approvals: ApprovalRow[]
  /** Logs at indexed Safes with a Safe topic that no known layout decodes (counted and logged by the caller). */
  undecodable: RawLog[]
}

export function processLogs(input: ProcessInput): ProcessOutput {
  const out: ProcessOutput = {
    kept: [],
    changedSafes: new Set(),
    multisig: [],
    modules: [],
    transfers: [],
    history: [],
    approvals: [],
    undecodable: [],
  }
  // ProxyCreation is emitted after the proxy's SafeSetup, so the singletons are collected first (on the first
  // SafeSetup: most windows of a long backfill set up no Safe, and need not look at every log twice).
  let created: Map<string, Address> | undefined
  /** The ProxyCreation logs kept, for the factory of each Safe created here. */
  const creations: { log: RawLog; proxy: Address }[] = []
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
      if (args && input.safes.has(args.proxy)) {
        out.kept.push(log)
        creations.push({ log, proxy: args.proxy })
      }
      continue
    }
    const event = decodeSafeEvent(log)
    if (!event) continue
    const address = checksum(log.address)
    ctx.log = log
    if (event === 'undecodable') {
      // Kept in `logs` so a later release that knows the layout can read it; reported by the caller.
      if (input.safes.has(address)) {
        out.undecodable.push(log)
        out.kept.push(log)
      }
      continue
    }

    if (event.eventName === 'SafeSetup') {
      created ??= proxyCreations(input.logs)
      const singleton = created.get(`${log.txHash}:${address}`) ?? input.singletonOf(address)
      const masterCopy = singleton && input.masterCopies.get(singleton)
      if (!singleton || !masterCopy || input.safes.has(address)) continue
      const { owners, threshold, fallbackHandler, initiator } = event.args
      input.safes.set(address, {
        chainId: input.chainId,
        address,
        owners: owners.map((o) => checksum(o)),
        threshold: Number(threshold),
        nonce: 0,
        modules: [],
        guard: null,
        fallbackHandler: nullable(fallbackHandler),
        implementation: singleton,
        version: masterCopy.version,
        creator: checksum(initiator),
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
  for (const { log, proxy } of creations) {
    const safe = input.safes.get(proxy)
    if (safe && safe.creationTxHash === log.txHash) safe.factory = checksum(log.address)
  }
  return out
}

/** The singleton each ProxyCreation of the logs names, by transaction and proxy. */
function proxyCreations(logs: RawLog[]): Map<string, Address> {
  const created = new Map<string, Address>()
  for (const log of logs) {
    if (log.topics[0] !== PROXY_CREATION_TOPIC) continue
    const args = decodeProxyCreation(log)
    if (args) created.set(`${log.txHash}:${args.proxy}`, args.singleton)
  }
  return created
}
