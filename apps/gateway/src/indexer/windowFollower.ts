// The cursor up to the head, window by window: the chain's Safe logs (all mode) or the watched Safes' own (watched
// mode), each window fetched while the one before it is processed and written.

import type { Address } from 'viem'
import { type ChainReader, setupsIn, transferParties } from './chainReader.ts'
import type { Cursor, IndexStore } from './indexStore.ts'
import type { createWindowIndexer, WindowCommit } from './windowIndexer.ts'

export function createWindowFollower(p: {
  store: IndexStore
  reader: ChainReader
  windows: ReturnType<typeof createWindowIndexer>
  /** Each window once committed, with the block the cursor stands at after it. */
  onCommitted: (committed: WindowCommit, blockNumber: number) => void
}) {
  const { store, reader, windows } = p
  return {
    /**
     * Indexes from after `cursor` up to `head` and returns the cursor at the head. `only`: the watched Safes whose
     * logs are read (those backfilled up to the cursor); without it, the whole chain's.
     */
    async run(start: Cursor, head: number, only?: Address[]): Promise<Cursor> {
      let cursor = start
      const watchedSafes = new Set(only)
      let from = cursor.blockNumber + 1
      let ahead: ReturnType<ChainReader['readWindow']> | undefined
      while (from <= head) {
        const fetched = await (ahead ?? reader.readWindow(from, head, only))
        ahead = fetched.to < head ? reader.readWindow(fetched.to + 1, head, only) : undefined
        // All mode: the window's Transfer logs are the chain's; those of indexed Safes are found in SQL, so no
        // Safe list is held in memory or sent to the node (Safes set up in the window are matched by the replay).
        const safes = only ? watchedSafes : await store.safesAmong([...transferParties(fetched.transfers)])
        const setUp = only ? new Set<Address>() : setupsIn(fetched.logs)
        const transfers = only
          ? fetched.transfers
          : fetched.transfers.filter((l) =>
              [...transferParties([l])].some((a) => safes.has(a) || setUp.has(a)),
            )
        const previous = cursor.blockNumber
        cursor = { ...cursor, blockNumber: fetched.end.number, blockHash: fetched.end.hash }
        const committed = await windows.indexWindow({
          fetched: { ...fetched, transfers },
          from,
          head,
          previous,
          cursor,
          isSafe: (a) => safes.has(a),
        })
        p.onCommitted(committed, fetched.end.number)
        from = fetched.end.number + 1
      }
      return cursor
    },
  }
}
