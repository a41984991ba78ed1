import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { type Database, ping } from '../../db/createDatabase.ts'
import { endpointStatuses } from '../../rpc/endpoint.ts'
import type { IndexingSummary } from '../chains/indexing.repository.ts'

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.string(),
    /** Chains this process indexes now (on PostgreSQL, those whose leader lock it holds). */
    indexing: z.array(z.number()),
    /** Each chain's indexing figures, the same as GET /v1/chains/{chainId}/about/indexing. */
    chains: z.array(
      z.object({
        chainId: z.number(),
        currentBlockNumber: z.number().optional(),
        indexedBlockNumber: z.number().optional(),
        synced: z.boolean(),
        lastSync: z.number().optional(),
        error: z.string().optional(),
        /**
         * The RPC endpoints this process used for the chain (URLs without what may be a key): calls sent,
         * rate limits met, retries, the batch size they take, and what is wrong now ("rate-limited by …").
         */
        rpc: z.array(
          z.object({
            url: z.string(),
            requests: z.number(),
            rateLimited: z.number(),
            retried: z.number(),
            maxBatch: z.number(),
            problem: z
              .object({
                kind: z.enum(['rate-limited', 'unavailable', 'wrong-chain']),
                message: z.string(),
                at: z.number(),
              })
              .nullable(),
          }),
        ),
      }),
    ),
  })
  .openapi('Health')

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['health'],
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'Database unreachable', content: { 'application/json': { schema: HealthSchema } } },
  },
})

export function createHealthRoutes(
  { db, kind }: { db: Database; kind: string },
  {
    indexing = () => [],
    chains = async () => [],
  }: { indexing?: () => number[]; chains?: () => Promise<IndexingSummary[]> } = {},
) {
  return new OpenAPIHono().openapi(health, async (c) => {
    const [ok, synced] = await Promise.all([ping(db).catch(() => false), chains().catch(() => [])])
    const withRpc = synced.map((chain) => ({ ...chain, rpc: endpointStatuses(chain.chainId) }))
    const body = { database: kind, indexing: indexing().sort((a, b) => a - b), chains: withRpc }
    return ok
      ? c.json({ status: 'ok' as const, ...body }, 200)
      : c.json({ status: 'unavailable' as const, ...body }, 503)
  })
}
