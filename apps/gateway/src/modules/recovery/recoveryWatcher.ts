// Tells a Safe's team the moment a recoverer starts a recovery: publishes RECOVERY_PROPOSED (stored as a
// notification, sent to webhooks, pushed on live streams) for each transaction queued on a Delay modifier that
// is one of the Safe's modules. The queue lives on the Delay, not the Safe, so the Safe's own logs never show it.
//
// Driven by the indexer's BLOCK_INDEXED: per committed range, one eth_getLogs for TransactionAdded at the
// Delays of the Safes this gateway indexes (O(1) requests per block, whatever the number of Safes); a Safe
// with a hit has its queue read at the head (readRecovery) and each recovery not announced yet is published.
// At start, after a long gap, or when a Safe gains a Delay, the queues are read from state instead of logs, so
// a recovery started while the gateway was down is still announced (once: those already in the feed are not).
import { delayAbi, isDelayProxyCode } from '@concord/safe/recovery'
import { and, eq, inArray, sql } from 'drizzle-orm'
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

type ChainState = {
  /** Last block whose TransactionAdded logs were looked at; undefined: catch up from state first. */
  cursor?: number
  /** Each Safe's modules as last indexed (Safes without modules are left out). */
  modules: Map<Address, Address[]>
  /** Module address → whether its code is a Delay proxy (read once: a proxy's code does not change). */
  isDelay: Map<Address, boolean>
  /** Safes whose Delays were not all known at the last catch-up. */
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
    const client = deps.rpc.get(chain)
    let state = states.get(chain.chainId)
    if (!state) {
      state = {
        modules: await loadModules(chain.chainId),
        isDelay: new Map(),
        dirty: new Set(),
        announced: new Set(),
      }
      for (const safe of state.modules.keys()) state.dirty.add(safe)
      states.set(chain.chainId, state)
    } else if (touched.size) {
      // Only Safes a window changed can have gained or lost a module.
      const fresh = await loadModules(chain.chainId, [...touched])
      for (const safe of touched) {
        const modules = fresh.get(safe)
        const before = state.modules.get(safe) ?? []
        if (modules) state.modules.set(safe, modules)
        else state.modules.delete(safe)
        if (modules?.some((m) => !before.includes(m))) state.dirty.add(safe)
      }
    }
    await checkCodes(client, state)

    const delays = new Map<Address, Address>()
    for (const [safe, modules] of state.modules)
      for (const m of modules) if (state.isDelay.get(m)) delays.set(m, safe)

    const from = (state.cursor ?? head) + 1
    if (state.cursor === undefined || head - from + 1 > MAX_LOG_RANGE) {
      // First look, or a gap longer than one query: every Safe with a Delay is read from state.
      for (const safe of new Set(delays.values())) state.dirty.add(safe)
    } else if (from <= head && delays.size) {
      for (const safe of await safesWithNewEntries(client, [...delays.keys()], from, head, delays))
        state.dirty.add(safe)
    }
    // A Safe waits while some of its modules' code is unchecked; one with no Delay has nothing to read.
    const settled = [...state.dirty].filter((safe) =>
      (state.modules.get(safe) ?? []).every((m) => state.isDelay.has(m)),
    )
    const withDelay = settled.filter((safe) => state.modules.get(safe)?.some((m) => state.isDelay.get(m)))
    await inBatches(withDelay, READ_CONCURRENCY, (safe) => announceQueue(chain, client, state, safe))
    for (const safe of settled) state.dirty.delete(safe)
    state.cursor = head
  }

  /** The modules of the chain's Safes (or of `only`), Safes with none left out. */
  async function loadModules(chainId: number, only?: Address[]): Promise<Map<Address, Address[]>> {
    const rows = await deps.db
      .select({ address: safesTable.address, modules: safesTable.modules })
      .from(safesTable)
      .where(
        and(
          eq(safesTable.chainId, chainId),
          sql`cardinality(${safesTable.modules}) > 0`,
          only ? inArray(safesTable.address, only) : undefined,
        ),
      )
    return new Map(rows.map((r) => [r.address as Address, r.modules as Address[]]))
  }

  async function checkCodes(client: PublicClient, state: ChainState) {
    const unknown = new Set<Address>()
    for (const modules of state.modules.values())
      for (const m of modules)
        if (!state.isDelay.has(m) && unknown.size < CODE_CHECKS_PER_RANGE) unknown.add(m)
    await inBatches([...unknown], 8, async (module) => {
      state.isDelay.set(module, isDelayProxyCode(await client.getCode({ address: module })))
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
