// The operator's webhook delivery log: `GET /v1/admin/webhooks/deliveries` with `Authorization: Bearer
// <CONCORD_ADMIN_TOKEN>`. Without a configured token the route answers 404, as if it did not exist.

import { createHash, timingSafeEqual } from 'node:crypto'
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { FatalError } from '../../../errors/GatewayError.ts'
import { NotFoundError } from '../../../http/errors.ts'
import { parseCursor, toPage } from '../../../http/pagination.ts'
import {
  CursorQuery,
  ErrorSchema,
  errorResponses,
  jsonResponse as json,
  pageSchema,
} from '../../../http/schemas.ts'
import type { WebhookDeliveriesRepository } from './webhookDeliveries.repository.ts'

const DeliverySchema = z
  .object({
    id: z.number().int(),
    eventId: z.number().int(),
    eventType: z.string().nullable(),
    url: z.string(),
    status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    /** Milliseconds. */
    nextAttemptAt: z.number().int().nullable(),
    deliveredAt: z.number().int().nullable(),
    createdAt: z.number().int(),
  })
  .openapi('WebhookDelivery')

const list = createRoute({
  method: 'get',
  path: '/v1/admin/webhooks/deliveries',
  tags: ['admin'],
  request: {
    query: CursorQuery.extend({ status: z.enum(['PENDING', 'DELIVERED', 'FAILED']).optional() }),
  },
  responses: {
    200: json(pageSchema(DeliverySchema, 'WebhookDeliveryPage'), 'Deliveries, newest first'),
    401: json(ErrorSchema, 'Missing or wrong admin token'),
    ...errorResponses,
  },
})

/** A 401: createApp.ts answers any error with a 4xx `status` as `{code, message}`. */
class AdminTokenError extends FatalError {
  override name = 'AdminTokenError'
  readonly status = 401
  constructor() {
    super('Missing or wrong admin token (Authorization: Bearer …)')
  }
}

const digest = (v: string) => createHash('sha256').update(v).digest()

/** Constant-time comparison of a presented bearer token with the configured one. */
export function isAdminToken(configured: string, authorization: string | undefined): boolean {
  const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1] ?? ''
  return timingSafeEqual(digest(presented), digest(configured))
}

export function createWebhookAdminRoutes(deps: {
  deliveries: WebhookDeliveriesRepository
  adminToken: string | undefined
}) {
  return new OpenAPIHono().openapi(list, async (c) => {
    if (!deps.adminToken) throw new NotFoundError('The admin API is off (no CONCORD_ADMIN_TOKEN)')
    if (!isAdminToken(deps.adminToken, c.req.header('authorization'))) throw new AdminTokenError()
    const { cursor, status } = c.req.valid('query')
    const page = parseCursor(cursor)
    const { rows, count } = await deps.deliveries.page({ status }, page.limit, page.offset)
    const results = rows.map(({ delivery, eventType }) => ({
      ...delivery,
      eventType,
      nextAttemptAt: delivery.status === 'PENDING' ? delivery.nextAttemptAt : null,
    }))
    return c.json(toPage(c.req.raw, page, count, results), 200)
  })
}
