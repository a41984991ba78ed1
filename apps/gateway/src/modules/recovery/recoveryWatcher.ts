// Tells a Safe's team the moment a recoverer starts a recovery: publishes RECOVERY_PROPOSED (stored as a
// notification, sent to webhooks, pushed on live streams) for each transaction queued on a Delay modifier that
// is one of the Safe's modules. The queue lives on the Delay, not the Safe, so the Safe's own logs never show it.
//
// Driven by the indexer's BLOCK_INDEXED: per committed range, one eth_getLogs for TransactionAdded at the
// Delays of the Safes this gateway indexes (O(1) requests per block, whatever the number of Safes); a Safe
// with a hit has its queue read at the head (readRecovery) and each recovery not announced yet is published.
// At start, after a long gap, or when a Safe gains a Delay, the queues are read from state instead of logs, so
// a recovery started while the gateway was down is still announced (once: those already in the feed are not).
// Memory grows with the Delays found, not with the chain's Safes (see ChainState).
import { delayAbi, isDelayProxyCode } from '@concord/safe/recovery'
import { and, eq, gt, inArray, sql } from 'drizzle-orm'
import { type Address, encodeEventTopics, getAddress, type PublicClient } from 'viem'
import type { ChangeBus } from '../../changes/changeBus.ts'
import type { ChainConfig } from '../../config/chainConfig.ts'
import type { Database } from '../../db/createDatabase.ts'
import { notificationEvents, safes as safesTable } from '../../db/schema.ts'
import { log as rootLog } from '../../log/logger.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import { readRecovery } from './readRecovery.ts'

const logger = rootLog.child({ module: 'recovery' })
const TRANSACTION_ADDED = encodeEventTopics({ abi: delayAbi, eventName: 'TransactionAdded' })[0]
/** Blocks one eth_getLogs may span (free tiers cap at 2,000); a longer gap is caught up from state. */
const MAX_LOG_RANGE = 2_000
/** Delay addresses per eth_getLogs filter. */
const ADDRESS_CHUNK = 500
/** Modules whose code is checked per range (the rest wait for the next): bounds a whole chain's first pass. */
const CODE_CHECKS_PER_RANGE = 200
/** Safes whose queue is read at once. */
const READ_CONCURRENCY = 4

const RECOVERY_PROPOSED = 'RECOVERY_PROPOSED'

export type RecoveryWatcher = {
  /** Resolves once the ranges published so far are looked at. */
  idle(): Promise<void>
  stop(): Promise<void>
  status(): { announced: number; failures: number }
}

/** Safes whose modules are read per range on the first pass over the chain's Safes. */
const SCAN_PAGE = 1_000
/** Modules known not to be Delays, remembered (past this many the memory starts over: they are read again). */
const MAX_NOT_DELAY = 20_000
/** Modules waiting for their code check: the first pass pauses while this many wait. */
const MAX_UNCHECKED = 5_000

/**
 * What is held per chain grows with the Delays of its Safes, not with its Safes (a whole chain in `all` mode): the
 * first pass walks the Safe table a page per range, and later only the Safes a window touched are read again.
 */
type ChainState = {
  /** Last block whose TransactionAdded logs were looked at; undefined: catch up from state first. */
  cursor?: number
  /** The first pass over the chain's Safes: the last address read (null: done). */
  scanAfter: string | null
  /** Delay modifier → the Safe it is a module of. */
  delays: Map<Address, Address>
  /** Modules whose code is not a Delay proxy's (a proxy's code does not change). */
  notDelay: Set<Address>
  /** Module → a Safe it is enabled on, waiting for its code check. */
  unchecked: Map<Address, Address>
  /** Safes whose Delay queues are read from state at the end of the range. */
  dirty: Set<Address>
  /** `${delay}:${queueNonce}` announced by this process. */
  announced: Set<string>
}

export function watchRecoveries(deps: {
  db: Database
  changes: ChangeBus
  chains: readonly ChainConfig[]
  rpc: RpcClients
}): RecoveryWatcher {
  const states = new Map<number, ChainState>()
  let queue: Promise<void> = Promise.resolve()
  let announced = 0
  let failures = 0
  /** Ranges that arrived while one ran: only the highest block of each chain matters. */
  const pendingHeads = new Map<number, { blockNumber: number; safes: Set<Address> }>()

  const unsubscribe = deps.changes.subscribe((change, { local }) => {
    if (!local || change.type !== 'BLOCK_INDEXED') return
    const chain = deps.chains.find((c) => c.chainId === change.chainId)
    if (!chain) return
    const pending = pendingHeads.get(chain.chainId) ?? { blockNumber: -1, safes: new Set<Address>() }
    pending.blockNumber = Math.max(pending.blockNumber, change.blockNumber)
    for (const safe of change.safes) pending.safes.add(safe)
    // A rolled-back index (blockNumber -1) starts over from state.
    if (change.blockNumber < 0) states.delete(chain.chainId)
    pendingHeads.set(chain.chainId, pending)
    queue = queue.then(() => drain(chain))
  })

  async function drain(chain: ChainConfig) {
    const pending = pendingHeads.get(chain.chainId)
    if (!pending) return
    pendingHeads.delete(chain.chainId)
    if (pending.blockNumber < 0) return
    try {
      await onRange(chain, pending.blockNumber, pending.safes)
    } catch (error) {
      // Retried with the next block: the cursor did not move, so nothing between is skipped.
      failures++
      logger.warn({ err: error, chainId: chain.chainId }, `recovery watch: ${(error as Error).message}`)
    }
  }

  async function onRange(chain: ChainConfig, head: number, touched: Set<Address>) {
    const client = deps.rpc.get(chain, 'background')
    let state = states.get(chain.chainId)
    if (!state) {
      state = {
        scanAfter: '',
        delays: new Map(),
        notDelay: new Set(),
        unchecked: new Map(),
        dirty: new Set(),
        announced: new Set(),
      }
      states.set(chain.chainId, state)
    }
    // Only Safes a window changed can have gained a module; the first pass reads the others a page at a time.
    if (touched.size) note(state, await modulesOf(chain.chainId, { only: [...touched] }))
    if (state.scanAfter !== null && state.unchecked.size < MAX_UNCHECKED) {
      const page = await modulesOf(chain.chainId, { after: state.scanAfter })
      note(state, page)
      state.scanAfter = page.length === SCAN_PAGE ? (page.at(-1)?.address ?? null) : null
    }
    await checkCodes(client, state)

    const from = (state.cursor ?? head) + 1
    if (state.cursor === undefined || head - from + 1 > MAX_LOG_RANGE) {
      // First look, or a gap longer than one query: every Safe with a Delay is read from state.
      for (const safe of state.delays.values()) state.dirty.add(safe)
    } else if (from <= head && state.delays.size) {
      for (const safe of await safesWithNewEntries(
        client,
        [...state.delays.keys()],
        from,
        head,
        state.delays,
      ))
        state.dirty.add(safe)
    }
    const dirty = [...state.dirty]
    await inBatches(dirty, READ_CONCURRENCY, (safe) => announceQueue(chain, client, state, safe))
    for (const safe of dirty) state.dirty.delete(safe)
    state.cursor = head
  }

  /** Queues the code check of modules not seen yet. */
  function note(state: ChainState, rows: { address: Address; modules: Address[] }[]) {
    for (const { address, modules } of rows)
      for (const m of modules)
        if (!state.delays.has(m) && !state.notDelay.has(m) && state.unchecked.size < MAX_UNCHECKED)
          state.unchecked.set(m, address)
  }

  /** The modules of Safes that have any: `only` these Safes, or the page after `after` (by address). */
  async function modulesOf(
    chainId: number,
    which: { only: Address[] } | { after: string },
  ): Promise<{ address: Address; modules: Address[] }[]> {
    const rows = await deps.db
      .select({ address: safesTable.address, modules: safesTable.modules })
      .from(safesTable)
      .where(
        and(
          eq(safesTable.chainId, chainId),
          sql`cardinality(${safesTable.modules}) > 0`,
          'only' in which ? inArray(safesTable.address, which.only) : gt(safesTable.address, which.after),
        ),
      )
      .orderBy(safesTable.address)
      .limit('only' in which ? which.only.length : SCAN_PAGE)
    return rows.map((r) => ({ address: r.address as Address, modules: r.modules as Address[] }))
  }

  async function checkCodes(client: PublicClient, state: ChainState) {
    const batch = [...state.unchecked].slice(0, CODE_CHECKS_PER_RANGE)
    await inBatches(batch, 8, async ([module, safe]) => {
      const delay = isDelayProxyCode(await client.getCode({ address: module }))
      state.unchecked.delete(module)
      if (delay) {
        state.delays.set(module, safe)
        state.dirty.add(safe)
        return
      }
      if (state.notDelay.size >= MAX_NOT_DELAY) state.notDelay.clear()
      state.notDelay.add(module)
    })
  }

  /** The Safes whose Delays queued something in [from, to]. */
  async function safesWithNewEntries(
    client: PublicClient,
    delays: Address[],
    from: number,
    to: number,
    safeOf: Map<Address, Address>,
  ): Promise<Set<Address>> {
    const found = new Set<Address>()
    for (let i = 0; i < delays.length; i += ADDRESS_CHUNK) {
      const logs = await client.request({
        method: 'eth_getLogs',
        params: [
          {
            address: delays.slice(i, i + ADDRESS_CHUNK),
            topics: [TRANSACTION_ADDED],
            fromBlock: `0x${from.toString(16)}`,
            toBlock: `0x${to.toString(16)}`,
          },
        ],
      })
      for (const l of logs) {
        const safe = safeOf.get(getAddress(l.address))
        if (safe) found.add(safe)
      }
    }
    return found
  }

  /** Publishes each recovery queued on the Safe's Delays that was not announced before. */
  async function announceQueue(chain: ChainConfig, client: PublicClient, state: ChainState, safe: Address) {
    const recovery = await readRecovery(client, safe)
    const queued = recovery.delays.flatMap((d) => d.queue.map((q) => ({ delay: d.address, ...q })))
    if (!queued.length) return
    const inFeed = await announcedInFeed(chain.chainId, safe)
    for (const q of queued) {
      const key = `${q.delay}:${q.queueNonce}`
      if (state.announced.has(key) || inFeed.has(key)) continue
      state.announced.add(key)
      announced++
      deps.changes.publish({
        type: RECOVERY_PROPOSED,
        chainId: chain.chainId,
        address: safe,
        delay: q.delay,
        queueNonce: q.queueNonce,
        recoveryTxHash: q.txHash,
        newOwners: q.newOwners,
        newThreshold: q.newThreshold,
        executableAt: q.executableAt,
        expiresAt: q.expiresAt,
      })
    }
  }

  /** The recoveries of the Safe the notification feed already holds (announced before a restart). */
  async function announcedInFeed(chainId: number, safe: Address): Promise<Set<string>> {
    const rows = await deps.db
      .select({ payload: notificationEvents.payload })
      .from(notificationEvents)
      .where(
        and(
          eq(notificationEvents.chainId, chainId),
          eq(notificationEvents.safe, safe),
          eq(notificationEvents.type, RECOVERY_PROPOSED),
        ),
      )
    return new Set(rows.map((r) => `${r.payload.delay}:${r.payload.queueNonce}`))
  }

  return {
    async idle() {
      // The listener runs in a microtask after the publish: let it queue first.
      await new Promise((resolve) => setImmediate(resolve))
      await queue
    },
    async stop() {
      unsubscribe()
      await queue
    },
    status: () => ({ announced, failures }),
  }
}

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run))
}
