// Follows one chain: backfills from the configured start block with eth_getLogs (topics only, in windows
// that adapt to what the node accepts), then tails new blocks, re-checking recent hashes for reorgs.
import { knownMasterCopies } from '@concord/safe/deployments'
import {
  type Address,
  createPublicClient,
  getAddress,
  type Hex,
  http,
  type PublicClient,
  sliceHex,
} from 'viem'
import type { ChainConfig } from '../config/chainConfig.ts'
import type { Database } from '../db/createDatabase.ts'
import { decodeSafeEvent, PROXY_CREATION_TOPIC, type RawLog, SAFE_TOPICS, toRawLog } from './events.ts'
import { type Cursor, createIndexStore } from './indexStore.ts'
import { processLogs, type SafeRow } from './processLogs.ts'

export type IndexerOptions = {
  /** How often to look for new blocks (ms). */
  pollingInterval?: number
  /** Blocks below the head whose hashes are re-checked for reorgs. */
  reorgWindow?: number
  /** First and largest getLogs window (blocks). */
  initialWindow?: number
  maxWindow?: number
  onError?: (error: unknown) => void
}

export type Indexer = {
  /** Indexes up to the current head once (resolves when committed). */
  sync(): Promise<{ head: number }>
  start(): void
  stop(): Promise<void>
  status(): { blockNumber: number | undefined; syncing: boolean; lastError: string | undefined }
}

export function createIndexer(db: Database, chain: ChainConfig, options: IndexerOptions = {}): Indexer {
  const pollingInterval = options.pollingInterval ?? 4000
  const reorgWindow = options.reorgWindow ?? 64
  const maxWindow = options.maxWindow ?? 10_000
  let window = options.initialWindow ?? 2_000
  const store = createIndexStore(db, chain.chainId)
  const client: PublicClient = createPublicClient({
    transport: http(chain.rpcUrl[0], {
      timeout: 10_000,
      retryCount: 3,
      retryDelay: 150,
      batch: { batchSize: 1000, wait: 0 },
    }),
  })
  const masterCopies = new Set<Address>([
    ...knownMasterCopies().map((m) => m.address),
    ...chain.masterCopies.map((m) => getAddress(m.address)),
  ])

  let running: Promise<{ head: number }> | undefined
  let timer: NodeJS.Timeout | undefined
  let cursorBlock: number | undefined
  let lastError: string | undefined
  let stopped = true

  const blockRef = async (number: number) => {
    const b = await client.getBlock({ blockNumber: BigInt(number) })
    return { number, hash: b.hash as Hex, timestamp: Number(b.timestamp) }
  }

  /** Reads the window's logs, halving the window while the node refuses it. */
  async function fetchLogs(from: number, to: number): Promise<{ logs: RawLog[]; to: number }> {
    for (;;) {
      try {
        const raw = await client.request({
          method: 'eth_getLogs',
          params: [
            { fromBlock: `0x${from.toString(16)}`, toBlock: `0x${to.toString(16)}`, topics: [SAFE_TOPICS] },
          ],
        })
        if (raw.length < 5_000 && window < maxWindow) window = Math.min(window * 2, maxWindow)
        return { logs: raw.map(toRawLog), to }
      } catch (error) {
        if (to === from) throw error
        window = Math.max(1, Math.floor((to - from + 1) / 2))
        to = from + window - 1
      }
    }
  }

  /** Singleton (storage slot 0) of proxies set up outside a factory call in these logs. */
  async function singletonsWithoutFactory(logs: RawLog[]): Promise<Map<Address, Address>> {
    const viaFactory = new Set(
      logs
        .filter((l) => l.topics[0] === PROXY_CREATION_TOPIC)
        .map((l) => `${l.txHash}:${sliceHex(l.topics[1] ?? '0x', 12)}`),
    )
    const todo = logs.filter(
      (l) =>
        decodeSafeEvent(l)?.eventName === 'SafeSetup' &&
        !viaFactory.has(`${l.txHash}:${l.address.toLowerCase()}`),
    )
    const out = new Map<Address, Address>()
    await Promise.all(
      todo.map(async (l) => {
        const slot = await client.getStorageAt({
          address: l.address,
          slot: '0x0',
          blockNumber: BigInt(l.blockNumber),
        })
        if (slot) out.set(getAddress(l.address), getAddress(sliceHex(slot, 12)))
      }),
    )
    return out
  }

  async function timestamps(logs: RawLog[]): Promise<Map<number, number>> {
    const numbers = [...new Set(logs.map((l) => l.blockNumber))]
    const refs = await Promise.all(numbers.map(blockRef))
    return new Map(refs.map((r) => [r.number, r.timestamp]))
  }

  async function process(logs: RawLog[], safes: Map<Address, SafeRow>) {
    const [singletons, times] = await Promise.all([singletonsWithoutFactory(logs), timestamps(logs)])
    const out = processLogs({
      chainId: chain.chainId,
      logs,
      safes,
      masterCopies,
      singletonOf: (proxy) => singletons.get(proxy),
      timestampOf: (n) => times.get(n) ?? 0,
    })
    return { out, times }
  }

  /** Walks stored hashes back to the newest block the node still agrees with, then undoes what follows. */
  async function handleReorg(cursor: Cursor, head: number): Promise<Cursor> {
    for (const stored of await store.recentBlocks(Math.min(cursor.blockNumber, head), reorgWindow)) {
      const onChain = await blockRef(stored.number)
      if (onChain.hash !== stored.hash) continue
      const fork: Cursor = { ...cursor, blockNumber: stored.number, blockHash: onChain.hash }
      await store.rollback(
        stored.number,
        async (logs) => {
          const rebuilt = new Map<Address, SafeRow>()
          await process(logs, rebuilt)
          return [...rebuilt.values()]
        },
        fork,
      )
      return fork
    }
    // Deeper than the window: start over.
    await store.reset()
    return initialCursor()
  }

  async function initialCursor(): Promise<Cursor> {
    const genesis = await blockRef(0)
    const start = Math.max(chain.startBlock - 1, 0)
    const at = start === 0 ? genesis : await blockRef(start)
    return {
      blockNumber: chain.startBlock === 0 ? -1 : at.number,
      blockHash: at.hash,
      genesisHash: genesis.hash,
    }
  }

  async function syncOnce(): Promise<{ head: number }> {
    const head = Number(await client.getBlockNumber({ cacheTime: 0 }))
    let cursor = await store.getCursor()
    if (cursor && cursor.genesisHash !== (await blockRef(0)).hash) {
      await store.reset() // a different chain now answers behind this id (e.g. a restarted devnet)
      cursor = undefined
    }
    cursor ??= await initialCursor()
    if (
      cursor.blockNumber >= 0 &&
      (cursor.blockNumber > head || (await blockRef(cursor.blockNumber)).hash !== cursor.blockHash)
    )
      cursor = await handleReorg(cursor, head)
    let from = cursor.blockNumber + 1
    while (from <= head) {
      const fetched = await fetchLogs(from, Math.min(from + window - 1, head))
      const touched = [...new Set(fetched.logs.map((l) => getAddress(l.address)))]
      const safes = await store.loadSafes(touched)
      const { out, times } = await process(fetched.logs, safes)
      const end = await blockRef(fetched.to)
      const keptBlocks = [...new Set(out.kept.map((l) => l.blockNumber))].map((number) => ({
        number,
        hash: fetched.logs.find((l) => l.blockNumber === number)?.blockHash as Hex,
        timestamp: times.get(number) ?? 0,
      }))
      cursor = { ...cursor, blockNumber: end.number, blockHash: end.hash }
      await store.commitWindow({
        kept: out.kept,
        safes: [...out.changedSafes].map((a) => safes.get(a) as SafeRow),
        multisig: out.multisig,
        blocks: [...keptBlocks.filter((b) => b.number !== end.number), end],
        cursor,
      })
      cursorBlock = end.number
      from = end.number + 1
    }
    cursorBlock = cursor.blockNumber
    return { head }
  }

  const indexer: Indexer = {
    sync() {
      running ??= syncOnce().finally(() => {
        running = undefined
      })
      return running
    },
    start() {
      stopped = false
      const tick = async () => {
        try {
          await indexer.sync()
          lastError = undefined
        } catch (error) {
          lastError = (error as Error).message
          options.onError?.(error)
        }
        if (!stopped) timer = setTimeout(tick, pollingInterval)
      }
      void tick()
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      timer = undefined
      await running?.catch(() => {})
    },
    status: () => ({ blockNumber: cursorBlock, syncing: running !== undefined, lastError }),
  }
  return indexer
}
