// Concord extension (not in CGW): the feed a WEB device reads instead of a push service. A device registered
// through POST /v1/register/notifications reads the events of the Safes it follows and marks them read. Its
// uuid (a random v4 UUID the browser keeps) is the capability: it is listed nowhere, and an unknown one is a 404.
import { NOTIFICATION_TYPES } from '@concord/safe/notificationTypes'
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { NotFoundError } from '../../http/errors.ts'
import { parseCursor, toPage } from '../../http/pagination.ts'
import { CursorQuery, errorResponses, jsonResponse as json } from '../../http/schemas.ts'
import type { NotificationsRepository } from './notifications.repository.ts'
import { DeviceUuid } from './notifications.routes.ts'
import { notificationBody } from './notificationTypes.ts'

export const NotificationEventSchema = z
  .object({
    id: z.number().int(),
    type: z.enum(NOTIFICATION_TYPES),
    chainId: z.string(),
    address: z.string(),
    /** Milliseconds. */
    createdAt: z.number().int(),
    safeTxHash: z.string().optional(),
    txHash: z.string().optional(),
    messageHash: z.string().optional(),
    owner: z.string().optional(),
    failed: z.boolean().optional(),
    value: z.string().nullable().optional(),
    tokenAddress: z.string().optional(),
    tokenId: z.string().nullable().optional(),
  })
  .openapi('NotificationEvent')
const FeedSchema = z
  .object({
    count: z.number().int(),
    next: z.string().nullable(),
    previous: z.string().nullable(),
    results: z.array(NotificationEventSchema),
    /** Events newer than the device's read mark. */
    unread: z.number().int(),
  })
  .openapi('NotificationFeed')
const ReadBody = z
  .object({ upTo: z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER) })
  .openapi('NotificationsRead')
const params = z.object({ uuid: DeviceUuid })

const feed = createRoute({
  method: 'get',
  path: '/v1/notifications/devices/{uuid}/events',
  tags: ['notifications'],
  request: { params, query: CursorQuery },
  responses: { 200: json(FeedSchema, 'Events of the followed Safes, newest first'), ...errorResponses },
})
const read = createRoute({
  method: 'post',
  path: '/v1/notifications/devices/{uuid}/read',
  tags: ['notifications'],
  request: { params, body: { content: { 'application/json': { schema: ReadBody } }, required: true } },
  responses: { 200: json(z.object({ unread: z.number().int() }), 'Read mark moved'), ...errorResponses },
})

export function createNotificationFeedRoutes(deps: { notifications: NotificationsRepository }) {
  const { notifications } = deps
  const requireDevice = async (uuid: string) => {
    const device = await notifications.device(uuid)
    if (!device) throw new NotFoundError('Device not registered')
    return device
  }
  return new OpenAPIHono()
    .openapi(feed, async (c) => {
      const device = await requireDevice(c.req.valid('param').uuid)
      const page = parseCursor(c.req.valid('query').cursor)
      const { rows, count, unread } = await notifications.feed(device, page.limit, page.offset)
      const results = rows.map((row) => notificationBody(row) as z.infer<typeof NotificationEventSchema>)
      return c.json({ ...toPage(c.req.raw, page, count, results), unread }, 200)
    })
    .openapi(read, async (c) => {
      const { uuid } = c.req.valid('param')
      await requireDevice(uuid)
      await notifications.markRead(uuid, c.req.valid('json').upTo)
      const { unread } = await notifications.feed(await requireDevice(uuid), 1, 0)
      return c.json({ unread }, 200)
    })
}
