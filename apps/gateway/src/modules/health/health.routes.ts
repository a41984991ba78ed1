import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { type Database, ping } from '../../db/createDatabase.ts'

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.string(),
    /** Chains this process indexes now (on PostgreSQL, those whose leader lock it holds). */
    indexing: z.array(z.number()),
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
  { indexing = () => [] }: { indexing?: () => number[] } = {},
) {
  return new OpenAPIHono().openapi(health, async (c) => {
    const ok = await ping(db).catch(() => false)
    const body = { database: kind, indexing: indexing().sort((a, b) => a - b) }
    return ok
      ? c.json({ status: 'ok' as const, ...body }, 200)
      : c.json({ status: 'unavailable' as const, ...body }, 503)
  })
}
