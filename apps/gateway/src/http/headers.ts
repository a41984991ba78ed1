// Response headers every API answer carries (CGW conventions plus the baseline security header).
import type { MiddlewareHandler } from 'hono'

/** CGW marks every answer `no-cache` (a global interceptor there). */
export const noCache: MiddlewareHandler = async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-cache')
}

/** Old SDK releases choke on an empty body without `Content-Length: 0`. */
export const emptyBodyLength: MiddlewareHandler = async (c, next) => {
  await next()
  if (c.res.body === null && !c.res.headers.has('content-length')) c.res.headers.set('Content-Length', '0')
}

/** Browsers must take every answer for the type it declares (no sniffing JSON into HTML or script). */
export const noSniff: MiddlewareHandler = async (c, next) => {
  await next()
  c.res.headers.set('X-Content-Type-Options', 'nosniff')
}
