// Watched mode (config `indexing: watched`): a newly watched Safe is read from its creation (creationBlock.ts;
// else the start block) up to the indexer's cursor with address-filtered queries (its own logs; Transfer logs
// to and from it), then followed with the other watched Safes. It runs inside the indexer's sync, before new
// blocks are followed, so the two never write the same Safe at once; Safes watched together are read together,
// and a long backfill yields to the head after a few seconds and resumes at the next sync from where it
// committed. Its windows list a non-L2 Safe's executions without their parameters, which the indexer reads
// after, newest first (pendingParams.ts).
import { type Address, getAddress, type Hex, type PublicClient } from 'viem'
import type { ChainConfig } from '../config/chainConfig.ts'
import type { WatchedSafesRepository } from '../modules/safes/watchedSafes.repository.ts'
import type { ChainReader } from './chainReader.ts'
import { bisectionCost, creationBlock } from './creationBlock.ts'
import { PROXY_CREATION_TOPIC, type RawLog, SAFE_SETUP_TOPIC, toRawLog } from './events.ts'
import type { Cursor, IndexStore } from './indexStore.ts'
import type { createWindowIndexer, WindowCommit } from './windowIndexer.ts'

export function createWatchedBackfill(p: {
  client: PublicClient
  chain: ChainConfig
  store: IndexStore
  watched: WatchedSafesRepository
  /** Address-filtered reads: its windows grow far larger than the follower's (few logs per block). */
  reader: ChainReader
  windows: ReturnType<typeof createWindowIndexer>
  onWindow: (committed: WindowCommit) => void
}) {
  const { chain, store } = p
  /**
   * Creation blocks found since start (undefined: the node keeps no state that old), until each Safe's backfill is
   * done: a lookup that failed is made again, and a window that failed after it still starts at the creation.
   */
  const creations = new Map<Address, number | undefined>()

  /**
   * Where a group's backfill can start instead of `from`: the first creation among its Safes, when bisecting
   * their code costs fewer reads than the windows it skips (three queries each at the node's range cap), and
   * the node keeps that much state. Blocks before a Safe's code hold none of its logs, only transfers to its
   * address ahead of deployment (a counterfactual Safe's deposits), which are left out like the ETH sent then.
   */
  async function startOf(addresses: Address[], from: number, to: number): Promise<number> {
    const fresh = addresses.filter((a) => !creations.has(a))
    if (fresh.length) {
      const span = to - from + 1
      const windows = Math.ceil(span / p.reader.maxWindow())
      if (windows * 3 <= fresh.length * bisectionCost(span)) return from
      const found = await Promise.all(
        fresh.map(async (a) => [a, await creationBlock(p.client, a, from, to)] as const),
      )
      for (const [a, block] of found) creations.set(a, block)
    }
    const starts = addresses.map((a) => creations.get(a))
    return starts.every((s) => s !== undefined) ? Math.max(from, Math.min(...starts)) : from
  }

  /**
   * The ProxyCreation logs of the transactions that set these Safes up: the factory emits them, so the Safes'
   * own logs lack them, and they name the singleton (no state read at an old block, which a full node lacks).
   */
  async function creationLogs(logs: RawLog[]): Promise<RawLog[]> {
    const txs = [...new Set(logs.filter((l) => l.topics[0] === SAFE_SETUP_TOPIC).map((l) => l.txHash))]
    const receipts = await Promise.all(
      txs.map((hash) => p.client.request({ method: 'eth_getTransactionReceipt', params: [hash as Hex] })),
    )
    return receipts.flatMap((r) =>
      (r?.logs ?? []).filter((l) => l.topics[0] === PROXY_CREATION_TOPIC).map(toRawLog),
    )
  }

  /**
   * Backfills pending watched Safes up to the cursor until the deadline (epoch ms); returns whether some is left
   * for the next sync.
   */
  async function run(cursor: Cursor, head: number, deadline: number): Promise<boolean> {
    const pending = await p.watched.pending(chain.chainId)
    // Safes read as far as each other go together (those watched at once, and all after a restart).
    const groups = new Map<number, Address[]>()
    for (const { address, backfilledTo } of pending) {
      const at = backfilledTo ?? chain.startBlock - 1
      groups.set(at, [...(groups.get(at) ?? []), getAddress(address)])
    }
    for (const [at, addresses] of [...groups].sort(([a], [b]) => a - b)) {
      const group = new Set(addresses)
      let from = at + 1
      if (from > cursor.blockNumber) await store.markLive(addresses, cursor.blockNumber)
      while (from <= cursor.blockNumber) {
        from = await startOf(addresses, from, cursor.blockNumber)
        const fetched = await p.reader.readWindow(from, cursor.blockNumber, addresses)
        const created = await creationLogs(fetched.logs)
        const logs = [...fetched.logs, ...created].sort(
          (a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex,
        )
        const live = fetched.end.number >= cursor.blockNumber
        p.onWindow(
          await p.windows.indexWindow({
            fetched: { ...fetched, logs },
            from,
            head,
            previous: cursor.blockNumber,
            cursor,
            isSafe: (a) => group.has(a),
            watched: { addresses, backfilledTo: fetched.end.number, live },
          }),
        )
        from = fetched.end.number + 1
        if (live) for (const a of addresses) creations.delete(a)
        if (!live && Date.now() > deadline) return true
      }
    }
    return false
  }

  return { run }
}
