// Who may make a chain in watched mode (config `indexing`) index one more Safe: anyone who opens a Safe that is
// on chain, within a per-client budget and the chain's `maxWatched`, so that an anonymous caller cannot make the
// gateway index the world. Opening a Safe watches it on the way (best effort: past a bound the Safe is still
// answered from the chain); POST …/watch asks explicitly and is refused past a bound.

import type { ChainConfig } from '../../config/chainConfig.ts'
import { indexingMode } from '../../config/chainConfig.ts'
import { type BudgetSettings, createClientBudget } from '../../http/clientBudget.ts'
import { HttpError } from '../../http/errors.ts'
import { log } from '../../log/logger.ts'
import type { WatchedSafesRepository } from './watchedSafes.repository.ts'

/** Default: 20 Safes at once per client, then one every 30 s. */
const DEFAULT_BUDGET: BudgetSettings = { capacity: 20, refillPerSecond: 1 / 30 }

export function createWatching(p: {
  watched: WatchedSafesRepository
  budget?: BudgetSettings | undefined
  /** Called after a Safe is newly watched (the gateway wakes the chain's indexer). */
  onWatched?: ((chainId: number) => void) | undefined
}) {
  const budget = createClientBudget('watching Safes', p.budget ?? DEFAULT_BUDGET)
  /** Opened Safes left unwatched for a bound (logged at the first and every 100th, not once per request). */
  let refused = 0

  /** Watches `address` (a Safe on chain: the caller read it) for `client`; false when it was already watched. */
  async function watch(chain: ChainConfig, address: string, client: string): Promise<boolean> {
    if (indexingMode(chain) !== 'watched') return false
    const known = await p.watched.state(chain.chainId, address)
    if (known) return false
    budget.spend(client, 1)
    const added = await p.watched.watch(chain.chainId, address, 'request', chain.maxWatched)
    if (added) p.onWatched?.(chain.chainId)
    return added
  }

  return {
    watch,
    refused: () => refused,
    /** As `watch`, but a bound reached is logged, not thrown: the caller answers from the chain anyway. */
    async watchOnOpen(chain: ChainConfig, address: string, client: string): Promise<void> {
      try {
        await watch(chain, address, client)
      } catch (error) {
        if (!(error instanceof HttpError)) throw error
        if (refused++ % 100 === 0)
          log.warn(
            { module: 'watching', chainId: chain.chainId, address, refused },
            `${address} not watched: ${error.message}`,
          )
      }
    },
  }
}

export type Watching = ReturnType<typeof createWatching>
