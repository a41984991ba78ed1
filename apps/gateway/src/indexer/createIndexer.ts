// Follows one chain: backfills from the configured start block with eth_getLogs (topics only, in windows
// that adapt to what the node accepts: windowFollower.ts), then tails new blocks (headFollower.ts decides when),
// re-checking recent hashes for reorgs and rolling back from undo records (cursorKeeper.ts). In watched mode
// (config `indexing`) it reads only the watched Safes, each from its creation (watchedBackfill.ts), and follows
// them from the head.

import type { Address, PublicClient } from 'viem'
import type { Change, ChangeBus } from '../changes/changeBus.ts'
import { type ChainConfig, indexingMode } from '../config/chainConfig.ts'
import type { Database } from '../db/createDatabase.ts'
import { log } from '../log/logger.ts'
import { createWatchedSafesRepository } from '../modules/safes/watchedSafes.repository.ts'
import { createRpcClient } from '../rpc/rpcClient.ts'
import { createChainReader } from './chainReader.ts'
import { createCursorKeeper } from './cursorKeeper.ts'
import { createFailureLog } from './failureLog.ts'
import { createHeadFollower } from './headFollower.ts'
import { createIndexStore } from './indexStore.ts'
import { createPendingParams } from './pendingParams.ts'
import { enrichTokens } from './tokenMetadata.ts'
import { createWatchedBackfill } from './watchedBackfill.ts'
import { windowChanges } from './windowChanges.ts'
import { createWindowFollower } from './windowFollower.ts'
import { createWindowIndexer, type WindowCommit } from './windowIndexer.ts'

/** Longest the indexer waits on a provider's rate limits for one call before the sync fails and is retried. */
const INDEXER_MAX_WAIT_MS = 10 * 60_000

/** Executions and incoming value older than this are published as indexed blocks only, not as events. */
const NEWS_WINDOW_SECONDS = 24 * 60 * 60

/** How long one sync backfills before it follows the head again (the rest waits for the next sync). */
const SLICE_MS = 5_000

export type IndexerOptions = {
  /** How often to look for new blocks (ms) when the chain has no WebSocket URL. */
  pollingInterval?: number
  /** Safety poll while a head subscription is live (ms): subscriptions can silently stop delivering. */
  subscribedPollingInterval?: number
  /** Blocks below the head whose hashes are re-checked for reorgs (default: the chain's reorgWindow). */
  reorgWindow?: number
  /**
   * First and largest getLogs window (blocks). The first is small: nothing overlaps its fetch (read-ahead
   * starts once a window is in), and windows double while they hold under 5,000 logs.
   */
  initialWindow?: number
  maxWindow?: number
  /** Largest window of a watched Safe's backfill (address-filtered: few logs per block). */
  maxBackfillWindow?: number
  /** Called with each failure after it is logged (a sync's, token metadata's, or the head subscription's). */
  onError?: (error: unknown) => void
  /** Used for http(s) tokenURI documents (tests pass a stub). */
  fetch?: typeof fetch
  /** Where each committed window (and reorg) is published, after its transaction commits. */
  changes?: ChangeBus
}

export type Indexer = {
  /** Indexes up to the current head once (resolves when committed and its tokens' metadata is read). */
  sync(): Promise<{ head: number }>
  start(): void
  /** Syncs now if following (e.g. a Safe was just watched), rather than at the next head. */
  nudge(): void
  stop(): Promise<void>
  status(): {
    blockNumber: number | undefined
    syncing: boolean
    lastError: string | undefined
    /** How new blocks are noticed: a newHeads subscription (wsUrl) or polling. */
    mode: 'subscription' | 'polling'
    /** Logs at Safes that decoded under no known event layout since start (each one is logged). */
    undecodableLogs: number
    /** Executions listed without parameters since start: the node gave no trace of them (each one is logged). */
    untracedExecutions: number
    /** Failed syncs and metadata runs since start: retryable (node, network) and fatal (deterministic). */
    failures: { retryable: number; fatal: number }
    /** Whether the node answers call traces (non-L2 executions need them); undefined until asked. */
    tracing: boolean | undefined
    /** `all` Safes of the chain or the `watched` ones. */
    indexing: 'all' | 'watched'
  }
}

export function createIndexer(db: Database, chain: ChainConfig, options: IndexerOptions = {}): Indexer {
  const pollingInterval = options.pollingInterval ?? 4000
  const subscribedPollingInterval = options.subscribedPollingInterval ?? 30_000
  const reorgWindow = options.reorgWindow ?? chain.reorgWindow
  const mode = indexingMode(chain)
  const logger = log.child({ module: 'indexer', chainId: chain.chainId })
  const store = createIndexStore(db, chain.chainId)
  const watched = createWatchedSafesRepository(db)
  // The indexer waits out a provider's rate limits (the API fails fast instead): nothing is skipped meanwhile. Its
  // calls wait behind the API's for room under the rate, so a backfill never holds a user's answer back.
  const client: PublicClient = createRpcClient(chain, {
    maxWaitMs: INDEXER_MAX_WAIT_MS,
    attempts: 5,
    lane: 'background',
  })
  // Up to 64 MB per answer (viem's default is 10 MB: ~9,000 Safe logs, a window the first attempt may exceed).
  const logsClient = createRpcClient(chain, {
    batch: false,
    maxResponseBodySize: 64 * 1024 * 1024,
    maxWaitMs: INDEXER_MAX_WAIT_MS,
    attempts: 5,
    lane: 'background',
  })
  /** Logs stored since the tables' statistics were last refreshed (see IndexStore.analyze). */
  let sinceAnalyze = 0

  let running: Promise<{ head: number }> | undefined
  let cursorBlock: number | undefined
  /** Watched mode: the config's watch list is recorded once per start. */
  let configWatched = false

  const chainReader = createChainReader(
    client,
    { initialWindow: options.initialWindow ?? 100, maxWindow: options.maxWindow ?? 10_000 },
    logsClient,
  )
  const { blockRef } = chainReader
  const windows = createWindowIndexer({ client, chain, store, reader: chainReader, reorgWindow, log: logger })
  const follow = createWindowFollower({
    store,
    reader: chainReader,
    windows,
    onCommitted: (committed, blockNumber) => {
      cursorBlock = blockNumber
      published(committed, blockNumber)
    },
  })
  /** Calls of executions listed without them (a watched Safe's backfill), read newest first (pendingParams.ts). */
  const pending = createPendingParams({ db, chainId: chain.chainId, executions: windows.executions })
  const backfill = createWatchedBackfill({
    client,
    chain,
    store,
    watched,
    reader: createChainReader(
      client,
      { initialWindow: options.initialWindow ?? 10_000, maxWindow: options.maxBackfillWindow ?? 1_000_000 },
      logsClient,
    ),
    windows,
    onWindow: (committed) => published(committed, cursorBlock ?? -1),
  })

  /** Where the index stands at the start of a sync: a fresh cursor, or the stored one after any reorg. */
  const cursors = createCursorKeeper({
    chain,
    store,
    mode,
    reorgWindow,
    blockRef,
    publish: (c) => publish(c),
  })

  async function syncOnce(): Promise<{ head: number }> {
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
    const stored = await store.getCursor()
    let cursor = await cursors.current(head, stored)
    // Watched mode starts at the head: stored at once, so /health and about/indexing tell where it is.
    if (!stored && mode === 'watched') await store.saveCursor(cursor)
    /** Watched mode: the watched Safes' logs only (those read up to the cursor); all mode: the chain's. */
    let only: Address[] | undefined
    const deadline = Date.now() + SLICE_MS
    let left = false
    if (mode === 'watched') {
      if (!configWatched) {
        for (const address of chain.watch) await watched.watch(chain.chainId, address, 'config', Infinity)
        configWatched = true
      }
      cursorBlock = cursor.blockNumber
      left = await beside('watched backfill', () => backfill.run(cursor, head, deadline), false)
      only = [...(await watched.live(chain.chainId))]
    }
    // Then the calls of executions a backfill listed without them (in all mode: left from watched mode); each page
    // read changes its Safes' history.
    if (!left)
      left = await beside(
        'reading calls',
        () =>
          pending.run(deadline, (safes) =>
            publish([
              {
                type: 'BLOCK_INDEXED',
                chainId: chain.chainId,
                blockNumber: cursor.blockNumber,
                safes: [...safes],
              },
            ]),
          ),
        false,
      )
    // Work left for the next sync (a long backfill yields to the head): that sync runs at once.
    if (left) follower.poke()
    cursor = await follow.run(cursor, head, only)
    cursorBlock = cursor.blockNumber
    // After a backfill or a long catch-up (not after each new block): statistics for the planner.
    if (sinceAnalyze >= 1_000) {
      await store.analyze()
      sinceAnalyze = 0
    }
    // Beside the index, not in its way: a slow or broken token (or NFT host) never holds the head back.
    void enrich()
    return { head }
  }

  let enriching: Promise<void> | undefined
  /** Token and NFT metadata of what is indexed, one run at a time. */
  const enrich = (): Promise<void> => {
    if (enriching) return enriching
    const run = enrichTokens(client, chain.chainId, store, options.fetch)
      .then(
        () => {},
        (error) => {
          failed('token metadata', error)
        },
      )
      .finally(() => {
        enriching = undefined
      })
    enriching = run
    return run
  }

  /** One sync of the index alone (the follower's): metadata is left running beside it. */
  const syncIndex = () => {
    running ??= syncOnce().finally(() => {
      running = undefined
    })
    return running
  }

  const publish = (changes: Change[]) => {
    for (const change of changes) options.changes?.publish(change)
  }

  /** A committed window (the follower's or a backfill's): counted for the planner's statistics, and published. */
  const published = (committed: WindowCommit, blockNumber: number) => {
    sinceAnalyze += committed.kept
    publish(
      windowChanges({
        chainId: chain.chainId,
        blockNumber,
        safes: committed.changedSafes,
        multisig: committed.multisig,
        modules: committed.modules,
        transfers: committed.transfers,
        approvals: committed.approvals,
        newsSince: Math.floor(Date.now() / 1000) - NEWS_WINDOW_SECONDS,
      }),
    )
  }

  const { failed, beside, held, counts: failures } = createFailureLog(logger, options.onError)

  const follower = createHeadFollower({
    wsUrl: chain.wsUrl,
    pollingInterval,
    subscribedPollingInterval,
    sync: syncIndex,
    isSyncing: () => running !== undefined,
    onError: (error, source) => failed(source === 'sync' ? 'sync' : 'head subscription', error),
  })

  const indexer: Indexer = {
    async sync() {
      const synced = await syncIndex()
      // Settled: the run under way may predate this sync's tokens, so one more after it.
      await enriching
      await enrich()
      return synced
    },
    start() {
      follower.start()
    },
    nudge: () => follower.poke(),
    async stop() {
      await follower.stop()
      await running?.catch(() => {})
      await enriching
    },
    status: () => ({
      blockNumber: cursorBlock,
      syncing: running !== undefined,
      lastError: follower.lastError() ?? held(),
      mode: follower.mode(),
      undecodableLogs: windows.undecodableLogs(),
      untracedExecutions: windows.untracedExecutions(),
      failures: failures(),
      tracing: windows.tracing(),
      indexing: mode,
    }),
  }
  return indexer
}
