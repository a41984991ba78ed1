// GET /v1/live?safes=1:0xabc,137:0xdef — server-sent events of what changed at these Safes, as soon as it
// is committed (see changes/changeBus.ts for the events). The stream opens with `ready`; `resync` means
// changes may have been missed and the client should refetch; a comment every heartbeat keeps it open.
import { createRoute, OpenAPIHono, z } from '@hono/zod-openapi'
import { streamSSE } from 'hono/streaming'
import { type Address, getAddress, isAddress } from 'viem'
import { clientOf, TooManyRequestsError } from '../../http/clientBudget.ts'
import { HttpError } from '../../http/errors.ts'
import { errorResponses } from '../../http/schemas.ts'
import { type LiveEvent, type LiveHub, type LiveSubscriber, safeKey } from './liveStreams.ts'

const live = createRoute({
  method: 'get',
  path: '/v1/live',
  tags: ['live'],
  request: {
    query: z.object({
      safes: z.string().max(4096).openapi({
        description: 'Comma-separated `chainId:address` of the Safes to watch',
        example: '1:0xabc…',
      }),
    }),
  },
  responses: {
    200: {
      description:
        'An event stream: `ready`, then one `change` per change (JSON), `resync` when some were missed',
      content: { 'text/event-stream': { schema: z.string() } },
    },
    ...errorResponses,
  },
})

/** `chainId:address` pairs, checksummed and deduplicated; a 422 names the first bad one. */
export function parseSafes(value: string, max: number): { chainId: number; address: Address }[] {
  const out = new Map<string, { chainId: number; address: Address }>()
  for (const item of value.split(',')) {
    const [chain, address, extra] = item.trim().split(':')
    const chainId = Number(chain)
    if (
      extra !== undefined ||
      !Number.isSafeInteger(chainId) ||
      chainId <= 0 ||
      !address ||
      !isAddress(address)
    )
      throw new HttpError(422, `Invalid Safe "${item.slice(0, 60)}": expected chainId:address`)
    const safe = { chainId, address: getAddress(address) }
    out.set(safeKey(chainId, safe.address), safe)
  }
  if (out.size > max) throw new HttpError(422, `At most ${max} Safes per stream (got ${out.size})`)
  return [...out.values()]
}

export function createLiveRoutes({ hub }: { hub: LiveHub }) {
  return new OpenAPIHono().openapi(live, async (c) => {
    const safes = parseSafes(c.req.valid('query').safes, hub.limits.maxSafes)
    if (hub.count() >= hub.limits.maxStreams) {
      c.header('Retry-After', '5')
      throw new HttpError(503, 'Too many live streams open on this gateway, try again later')
    }
    const client = clientOf(c.req.raw)
    if (hub.countFor(client) >= hub.limits.maxPerClient)
      throw new TooManyRequestsError(
        `Too many requests: at most ${hub.limits.maxPerClient} live streams per client, close one first`,
        5,
      )
    // Proxies such as nginx would otherwise buffer the stream.
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      let queued = 0
      let chain = Promise.resolve()
      let finish: () => void = () => {}
      const done = new Promise<void>((resolve) => {
        finish = resolve
      })
      const write = (message: Parameters<typeof stream.writeSSE>[0] | string) => {
        // Past maxQueued the reader is too slow: drop it (it reconnects and refetches).
        if (++queued > hub.limits.maxQueued) return finish()
        chain = chain
          .then(async () => {
            if (typeof message === 'string') await stream.write(message)
            else await stream.writeSSE(message)
          })
          .then(() => {
            queued--
          })
      }
      const subscriber: LiveSubscriber = {
        client,
        safes: new Set(safes.map((s) => safeKey(s.chainId, s.address))),
        chains: new Set(safes.map((s) => s.chainId)),
        send: (e: LiveEvent) =>
          write(
            e.event === 'change'
              ? { event: 'change', data: JSON.stringify(e.data) }
              : { event: 'resync', data: '{}' },
          ),
        close: () => finish(),
      }
      const remove = hub.add(subscriber)
      if (!remove) return // the limit was reached between the check above and now
      stream.onAbort(finish)
      write({ event: 'ready', data: JSON.stringify({ safes }) })
      const heartbeat = setInterval(() => write(': heartbeat\n\n'), hub.limits.heartbeatMs)
      try {
        await done
      } finally {
        clearInterval(heartbeat)
        remove()
      }
    })
  })
}
