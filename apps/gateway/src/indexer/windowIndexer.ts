// One window of logs into the index: what the chain must tell before the pure replay (singletons, timestamps,
// execution parameters), the replay, and the commit with the undo records a reorg needs. The head follower
// (whole chain or watched Safes) and the backfill of newly watched Safes both go through it.

import type { Address, Hex, PublicClient } from 'viem'
import type { ChainConfig } from '../config/chainConfig.ts'
import { describeError, GatewayError } from '../errors/GatewayError.ts'
import { isRetryable } from '../errors/retryable.ts'
import type { Logger } from '../log/logger.ts'
import type { BlockRef, ChainReader } from './chainReader.ts'
import { checksum } from './checksum.ts'
import { readCreations, singletonsWithoutFactory } from './creations.ts'
import type { RawLog } from './events.ts'
import { createExecutionResolver } from './executionParams.ts'
import type { Cursor, IndexStore } from './indexStore.ts'
import { processLogs } from './processLogs.ts'
import { processTransfers } from './processTransfers.ts'
import type { SafeRow } from './rows.ts'
import { createMasterCopyResolver, singletonCandidates } from './singletons.ts'

export type FetchedWindow = { logs: RawLog[]; transfers: RawLog[]; end: BlockRef }

/** What one committed window changed (published as live changes by the caller). */
export type WindowCommit = Awaited<ReturnType<ReturnType<typeof createWindowIndexer>['indexWindow']>>

export function createWindowIndexer(p: {
  client: PublicClient
  chain: ChainConfig
  store: IndexStore
  reader: ChainReader
  reorgWindow: number
  /** The chain's indexer log. */
  log: Logger
}) {
  const { client, chain, store } = p
  /** Executions whose trace the node would not give: listed without their parameters (counted, logged). */
  let untraced = 0
  const masterCopies = createMasterCopyResolver(client, chain)
  const executions = createExecutionResolver(client, chain.chainId, {
    proposals: (hashes) => store.proposalParams(hashes),
    onGiveUp: (txHash, error) => {
      untraced++
      p.log.warn(
        { txHash, untraced, reason: describeError(error) },
        `no trace of ${txHash}, its parameters stay unknown`,
      )
    },
  })
  /** Logs at Safes that no known layout decodes (kept in `logs`, counted here and logged). */
  let undecodableLogs = 0

  /**
   * Everything the chain must tell before the pure replay, then the replay, then what it left open. With
   * `deferParams`, executions whose parameters no log carries are listed as pending instead (one read each, made
   * later and newest first: see pendingParams.ts).
   */
  async function process(
    logs: RawLog[],
    safes: Map<Address, SafeRow>,
    extraLogs: RawLog[],
    deferParams = false,
  ) {
    const [singletons, times] = await Promise.all([
      singletonsWithoutFactory(client, logs),
      p.reader.timestamps([...logs, ...extraLogs]),
    ])
    const copies = await masterCopies.resolve([...singletonCandidates(logs), ...singletons.values()])
    const out = processLogs({
      chainId: chain.chainId,
      logs,
      safes,
      masterCopies: copies,
      singletonOf: (proxy) => singletons.get(proxy),
      timestampOf: (n) => times.get(n) ?? 0,
    })
    // Deterministic, so fatal for that log only: kept raw in `logs`, counted and logged, the window goes on.
    for (const log of out.undecodable)
      p.log.error(
        { address: log.address, block: log.blockNumber, logIndex: log.logIndex, topic: log.topics[0] },
        `log at Safe ${log.address} (block ${log.blockNumber}, topic ${log.topics[0]}) fits no known event layout`,
      )
    undecodableLogs += out.undecodable.length
    if (deferParams) for (const row of out.multisig) row.paramsPending = !row.paramsSource
    await executions.resolve(deferParams ? [] : out.multisig, out.modules)
    await readCreations(
      client,
      [...out.changedSafes].map((a) => safes.get(a) as SafeRow),
    )
    return { out, times }
  }

  /**
   * Replays and commits one window. `previous` is the stored cursor's block the commit expects (fencing);
   * `cursor` the cursor after it (the same one for a backfill, which reads below it); `from` the window's first
   * block; `isSafe` whose token transfers count; `watched` the backfill progress committed with it (its
   * executions' parameters are then read after, newest first).
   */
  async function indexWindow(w: {
    fetched: FetchedWindow
    from: number
    head: number
    previous: number
    cursor: Cursor
    isSafe: (address: Address) => boolean
    watched?: { addresses: Address[]; backfilledTo: number; live: boolean }
  }) {
    const { fetched, head } = w
    const touched = [...new Set(fetched.logs.map((l) => checksum(l.address)))]
    const safes = await store.loadSafes(touched)
    const { end } = fetched
    // A window a reorg may still undo keeps what the Safes it changes looked like before it.
    const undoable = end.number > head - p.reorgWindow
    const before = undoable ? structuredClone(safes) : undefined
    const { out, times } = await process(fetched.logs, safes, fetched.transfers, !!w.watched)
    const tokens = processTransfers({
      chainId: chain.chainId,
      logs: fetched.transfers,
      isSafe: (a) => w.isSafe(a) || out.changedSafes.has(a),
      timestampOf: (n) => times.get(n) ?? 0,
    })
    const hashes = new Map([...fetched.logs, ...fetched.transfers].map((l) => [l.blockNumber, l.blockHash]))
    // Hashes are only needed where a reorg can still happen: the last reorgWindow blocks below the head.
    const keptBlocks = [...hashes.keys()]
      .filter((number) => number > head - p.reorgWindow)
      .map((number) => ({ number, hash: hashes.get(number) as Hex, timestamp: times.get(number) ?? 0 }))
    const changedSafes = [...out.changedSafes].map((a) => safes.get(a) as SafeRow)
    const transfers = [...out.transfers, ...tokens.transfers]
    const undo = before && {
      before: [...out.changedSafes].map((address) => ({ address, state: before.get(address) ?? null })),
      keepAbove: head - p.reorgWindow,
    }
    await store.commitWindow({
      previous: w.previous,
      span: { after: w.from - 1, to: end.number },
      undecodable: out.undecodable,
      safes: changedSafes,
      multisig: out.multisig,
      modules: out.modules,
      transfers,
      history: [...out.history, ...tokens.history],
      approvals: out.approvals,
      blocks: [...keptBlocks.filter((b) => b.number !== end.number), end],
      cursor: w.cursor,
      // A backfill always names its floor: without one the commit would drop every undo row below the cursor.
      undo: undo ?? (w.watched ? { before: [], keepAbove: head - p.reorgWindow } : undefined),
      watched: w.watched,
    })
    return {
      changedSafes,
      multisig: out.multisig,
      modules: out.modules,
      transfers,
      approvals: out.approvals,
      kept: out.kept.length,
    }
  }

  return {
    /** The executions' parameters a deferred window left to read (see pendingParams.ts). */
    executions,
    /** As indexWindow, a failure named by its blocks and classified (retryable or not) for the caller's log. */
    async indexWindow(w: Parameters<typeof indexWindow>[0]): ReturnType<typeof indexWindow> {
      try {
        return await indexWindow(w)
      } catch (error) {
        throw new GatewayError(
          `blocks ${w.from}-${w.fetched.end.number} not indexed: ${describeError(error)}`,
          {
            cause: error,
            retryable: isRetryable(error),
          },
        )
      }
    },
    undecodableLogs: () => undecodableLogs,
    untracedExecutions: () => untraced,
    tracing: () => executions.tracing(),
  }
}
