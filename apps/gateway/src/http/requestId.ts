// A request id per HTTP request: generated here, returned in X-Request-Id and carried by every log line about
// the request, so a user's report ("request 3f2a… failed") finds the server's lines. An X-Request-Id the
// client sent is ignored: from the internet it is whatever anyone wrote (a forged id would mix its lines
// with another request's), and no proxy in front of the gateway is trusted to set one either.
import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { type Logger, log } from '../log/logger.ts'

export const REQUEST_ID_HEADER = 'X-Request-Id'

const ids = new WeakMap<Request, string>()
const logger = log.child({ module: 'http' })

/** The id `requestIds` gave this request (undefined outside it, e.g. in-process calls before it ran). */
export const requestIdOf = (request: Request): string | undefined => ids.get(request)

/** A log whose lines name the request (its id, method and path). */
export const requestLog = (request: Request): Logger =>
  logger.child({ reqId: ids.get(request), method: request.method, path: new URL(request.url).pathname })

/** Gives each request an id, answers it in X-Request-Id, and logs the request at debug level. */
export function requestIds(): MiddlewareHandler {
  return async (c, next) => {
    const id = randomUUID()
    ids.set(c.req.raw, id)
    const started = performance.now()
    await next()
    // After next(): set on the final answer, error answers and static files included.
    c.res.headers.set(REQUEST_ID_HEADER, id)
    if (logger.isLevelEnabled('debug'))
      logger.debug(
        {
          reqId: id,
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        'request',
      )
  }
}
