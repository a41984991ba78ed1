// How far the indexer of a chain is: the chain's head from its RPC, the indexed block from the indexer's cursor
// (stored, so every API process of a PostgreSQL deployment reads the same figure), and whether the index is
// within the chain's reorg window of the head. GET …/about/indexing, /health and the web app all show these.
import { and, eq } from 'drizzle-orm'
import type { ChainConfig } from '../../config/chainConfig.ts'
import type { Database } from '../../db/createDatabase.ts'
import { blocks, indexerCursors } from '../../db/schema.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import type { ChainsRepository } from './chains.repository.ts'

export type IndexingStatus = {
  currentBlockNumber: number
  /** Milliseconds. */
  currentBlockTimestamp: number
  indexedBlockNumber: number
  /** Milliseconds. */
  indexedBlockTimestamp: number
  /** The indexed block is at most the chain's reorg window behind the head. */
  synced: boolean
}

/** One chain in /health: the figures of GET …/about/indexing, or why they could not be read. */
export type IndexingSummary =
  | {
      chainId: number
      currentBlockNumber: number
      indexedBlockNumber: number
      synced: boolean
      lastSync: number
    }
  | { chainId: number; synced: false; error: string }

/** CGW's own cache of the indexing status is 5 s; a shorter one keeps a fresh devnet honest. */
const CACHE_MS = 2_000

export function createIndexingRepository({ db, rpc }: { db: Database; rpc: RpcClients }) {
  const cache = new Map<number, { at: number; status: Promise<IndexingStatus> }>()

  async function read(chain: ChainConfig): Promise<IndexingStatus> {
    const client = rpc.get(chain)
    const [head, [cursor]] = await Promise.all([
      client.getBlock({ blockTag: 'latest' }),
      db
        .select({ blockNumber: indexerCursors.blockNumber })
        .from(indexerCursors)
        .where(eq(indexerCursors.chainId, chain.chainId)),
    ])
    const current = Number(head.number)
    // Nothing indexed yet: the block before the configured start.
    const indexed = Math.min(cursor?.blockNumber ?? Math.max(chain.startBlock - 1, 0), current)
    const [stored] = await db
      .select({ timestamp: blocks.timestamp })
      .from(blocks)
      .where(and(eq(blocks.chainId, chain.chainId), eq(blocks.number, indexed)))
    const indexedTimestamp =
      indexed === current
        ? Number(head.timestamp)
        : stored?.timestamp || Number((await client.getBlock({ blockNumber: BigInt(indexed) })).timestamp)
    return {
      currentBlockNumber: current,
      currentBlockTimestamp: Number(head.timestamp) * 1000,
      indexedBlockNumber: indexed,
      indexedBlockTimestamp: indexedTimestamp * 1000,
      synced: current - indexed <= chain.reorgWindow,
    }
  }

  return {
    /**
     * Every served chain's figures for /health, each read within `timeoutMs` (a node that does not answer in
     * time is reported as such, not waited for).
     */
    async summaries(chains: ChainsRepository, timeoutMs = 1_500): Promise<IndexingSummary[]> {
      const { items } = await chains.page({ limit: 1_000, offset: 0 })
      return Promise.all(
        items.map(async (chain): Promise<IndexingSummary> => {
          let timer: NodeJS.Timeout | undefined
          const timeout = new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('the chain node did not answer in time')), timeoutMs)
          })
          try {
            const s = await Promise.race([this.status(chain), timeout])
            return {
              chainId: chain.chainId,
              currentBlockNumber: s.currentBlockNumber,
              indexedBlockNumber: s.indexedBlockNumber,
              synced: s.synced,
              lastSync: s.indexedBlockTimestamp,
            }
          } catch (error) {
            return {
              chainId: chain.chainId,
              synced: false,
              error: (error as Error).message.split('\n')[0] ?? '',
            }
          } finally {
            clearTimeout(timer)
          }
        }),
      )
    },

    /** The chain's indexing status (reused for a moment: clients poll it). */
    status(chain: ChainConfig): Promise<IndexingStatus> {
      const hit = cache.get(chain.chainId)
      if (hit && performance.now() - hit.at < CACHE_MS) return hit.status
      const status = read(chain)
      cache.set(chain.chainId, { at: performance.now(), status })
      status.catch(() => cache.delete(chain.chainId))
      return status
    },
  }
}

export type IndexingRepository = ReturnType<typeof createIndexingRepository>
