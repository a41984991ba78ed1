// How far a Safe is indexed (Concord's own route, beside Safe{Wallet}'s chain-wide about/indexing), and the
// explicit request to watch one on a chain in watched mode (config `indexing`).
import { OpenAPIHono, z } from '@hono/zod-openapi'
import { eq } from 'drizzle-orm'
import { getAddress } from 'viem'
import { type ChainConfig, indexingMode } from '../../config/chainConfig.ts'
import type { Database } from '../../db/createDatabase.ts'
import { indexerCursors } from '../../db/schema.ts'
import { clientOf } from '../../http/clientBudget.ts'
import { NotFoundError } from '../../http/errors.ts'
import { requireChain } from '../../http/require.ts'
import { safeReadRoute } from '../../http/schemas.ts'
import type { RpcClients } from '../../rpc/rpcClient.ts'
import { readSafeAtHead } from '../../safe/onChainSafe.ts'
import type { ChainsRepository } from '../chains/chains.repository.ts'
import type { SafesRepository } from './safes.repository.ts'
import type { WatchedSafesRepository } from './watchedSafes.repository.ts'
import type { Watching } from './watching.ts'

export const SafeIndexingSchema = z
  .object({
    /** The chain indexes `all` its Safes or the `watched` ones. */
    mode: z.enum(['all', 'watched']),
    /** Indexed by the chain's mode: every Safe in `all` mode, a watched one in `watched` mode. */
    watched: z.boolean(),
    /** Its history is read up to the indexer's block (and followed from there), every execution whole. */
    complete: z.boolean(),
    /**
     * Executions listed whose parameters are still being read from the chain, newest first (a non-L2 Safe's
     * logs lack them): their rows show what the events tell until then.
     */
    pendingExecutions: z.number().int(),
    /** Watched mode: how far its history is read (null: not started yet, or not watched). */
    backfilledTo: z.number().int().nullable(),
    /** The block the chain's index has reached (null: not started). */
    indexedBlockNumber: z.number().int().nullable(),
  })
  .openapi('SafeIndexing')

const getIndexing = safeReadRoute({
  suffix: '/indexing',
  schema: SafeIndexingSchema,
  description: 'How far the Safe is indexed',
})

const postWatch = safeReadRoute({
  method: 'post',
  suffix: '/watch',
  schema: SafeIndexingSchema,
  description: 'Watched (or already indexed): how far it is indexed',
})

export function createSafeIndexingRoutes(p: {
  db: Database
  rpc: RpcClients
  chains: ChainsRepository
  safes: SafesRepository
  watched: WatchedSafesRepository
  watching: Watching
}) {
  async function state(chain: ChainConfig, address: string): Promise<z.infer<typeof SafeIndexingSchema>> {
    const mode = indexingMode(chain)
    const [[cursor], row, watch, pendingExecutions] = await Promise.all([
      p.db
        .select({ blockNumber: indexerCursors.blockNumber })
        .from(indexerCursors)
        .where(eq(indexerCursors.chainId, chain.chainId)),
      p.safes.get(chain.chainId, address),
      mode === 'watched' ? p.watched.state(chain.chainId, address) : undefined,
      p.watched.pendingExecutions(chain.chainId, address),
    ])
    const indexedBlockNumber = cursor ? Math.max(cursor.blockNumber, -1) : null
    if (mode === 'all')
      return {
        mode,
        watched: true,
        complete: !!row,
        pendingExecutions,
        backfilledTo: null,
        indexedBlockNumber,
      }
    return {
      mode,
      watched: !!watch,
      complete: !!watch?.live && !pendingExecutions,
      pendingExecutions,
      backfilledTo: watch?.backfilledTo ?? null,
      indexedBlockNumber,
    }
  }

  return new OpenAPIHono()
    .openapi(getIndexing, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const chain = await requireChain(p.chains, chainId)
      return c.json(await state(chain, getAddress(safeAddress)), 200)
    })
    .openapi(postWatch, async (c) => {
      const { chainId, safeAddress } = c.req.valid('param')
      const chain = await requireChain(p.chains, chainId)
      const address = getAddress(safeAddress)
      if (indexingMode(chain) === 'watched' && !(await p.watched.state(chain.chainId, address))) {
        // Only a Safe on chain is worth indexing.
        if (!(await readSafeAtHead(p.rpc.get(chain), address, chain.masterCopies)))
          throw new NotFoundError(`No Safe at ${address} on chain ${chainId}`)
        await p.watching.watch(chain, address, clientOf(c.req.raw))
      }
      return c.json(await state(chain, address), 200)
    })
}
