// Where a sync starts: the stored cursor, checked against the chain (a different chain behind the same id starts
// the index over; a reorg rolls it back from the undo records, or starts over past their reach), or a fresh one.
import type { Change } from '../changes/changeBus.ts'
import type { ChainConfig } from '../config/chainConfig.ts'
import type { BlockRef } from './chainReader.ts'
import type { Cursor, IndexStore } from './indexStore.ts'

export function createCursorKeeper(p: {
  chain: ChainConfig
  store: IndexStore
  mode: 'all' | 'watched'
  reorgWindow: number
  blockRef: (number: number) => Promise<BlockRef>
  publish: (changes: Change[]) => void
}) {
  const { chain, store, blockRef } = p

  /** All mode starts before the start block; watched mode at the head (each Safe is read on its own). */
  async function initial(head: number): Promise<Cursor> {
    const genesis = await blockRef(0)
    if (p.mode === 'watched') {
      const at = await blockRef(Math.max(head, chain.startBlock - 1, 0))
      return { blockNumber: at.number, blockHash: at.hash, genesisHash: genesis.hash }
    }
    const start = Math.max(chain.startBlock - 1, 0)
    const at = start === 0 ? genesis : await blockRef(start)
    return {
      blockNumber: chain.startBlock === 0 ? -1 : at.number,
      blockHash: at.hash,
      genesisHash: genesis.hash,
    }
  }

  /**
   * Walks stored hashes back to the newest block the node still agrees with, then rolls back to it (or to the
   * start of its window) from the undo records; starts over when the fork lies deeper than they reach.
   */
  async function handleReorg(cursor: Cursor, head: number): Promise<Cursor> {
    for (const stored of await store.recentBlocks(Math.min(cursor.blockNumber, head), p.reorgWindow)) {
      const onChain = await blockRef(stored.number)
      if (onChain.hash !== stored.hash) continue
      const point = await store.rollbackPoint(stored.number)
      // Before the first window (-1): the same as starting over.
      if (point === undefined || point < 0) break
      const hash = point === stored.number ? onChain.hash : (await blockRef(point)).hash
      const fork: Cursor = { ...cursor, blockNumber: point, blockHash: hash }
      const affected = await store.rollback(fork)
      p.publish([{ type: 'BLOCK_INDEXED', chainId: chain.chainId, blockNumber: point, safes: affected }])
      return fork
    }
    // Deeper than the undo records reach: start over.
    await store.reset()
    p.publish([{ type: 'BLOCK_INDEXED', chainId: chain.chainId, blockNumber: -1, safes: [] }])
    return initial(head)
  }

  return {
    /** The cursor to continue from (`stored` itself when the chain still agrees with it). */
    async current(head: number, stored: Cursor | undefined): Promise<Cursor> {
      let cursor = stored
      if (cursor && cursor.genesisHash !== (await blockRef(0)).hash) {
        await store.reset() // a different chain now answers behind this id (e.g. a restarted devnet)
        cursor = undefined
      }
      cursor ??= await initial(head)
      if (
        cursor.blockNumber >= 0 &&
        (cursor.blockNumber > head || (await blockRef(cursor.blockNumber)).hash !== cursor.blockHash)
      )
        return handleReorg(cursor, head)
      return cursor
    },
  }
}
