// CORS with an origin allow-list. Listed origins (config `corsOrigins`) get their origin reflected with
// Access-Control-Allow-Credentials, ready for sign-in sessions and write routes; any other origin may read the
// public routes without credentials (`*`, config `corsAnyOrigin`). A listed origin's preflight is answered as the
// Safe Client Gateway (safe-client-gateway) answers it: 204 on every path, the origin reflected with credentials,
// methods GET, HEAD, POST, PUT, PATCH, DELETE and the request headers reflected. Other origins' preflights name
// only the methods the requested path really has (and 404 on a path without routes).
import type { MiddlewareHandler } from 'hono'

export type CorsPolicy = {
  /** Origins (`https://app.example`) allowed to send credentials. */
  origins: readonly string[]
  /** Whether other origins may call the API without credentials. */
  anyOrigin: boolean
}

/** Preflight answers are reused by browsers for this long (seconds). */
const MAX_AGE = 600
/** The methods the Client Gateway allows every listed origin (its `enableCors` `methods`). */
const CGW_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
/** A header list as browsers send it in Access-Control-Request-Headers (anything else is not reflected). */
const HEADER_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/

type Route = { method: string; path: string }

/**
 * The methods each path answers, from an app's registered routes (middleware, registered as ALL, and
 * catch-all paths excluded). A GET route answers HEAD too. Trailing slashes are ignored, as by the app.
 */
export function routeMethods(routes: () => readonly Route[]): (path: string) => string[] {
  let table: { pattern: RegExp; method: string }[] | undefined
  return (path) => {
    table ??= routes()
      .filter((r) => r.method !== 'ALL' && !r.path.includes('*'))
      .map((r) => ({ pattern: pathPattern(r.path), method: r.method }))
    const wanted = path.length > 1 ? path.replace(/\/+$/, '') : path
    const methods = new Set(table.filter((r) => r.pattern.test(wanted)).map((r) => r.method))
    if (methods.has('GET')) methods.add('HEAD')
    return [...methods].sort()
  }
}

function pathPattern(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/')
  return new RegExp(`^${source}$`)
}

export function cors(policy: CorsPolicy, methodsOf: (path: string) => string[]): MiddlewareHandler {
  const listed = new Set(policy.origins)
  return async (c, next) => {
    const origin = c.req.header('origin')
    const credentialed = origin !== undefined && listed.has(origin)
    const allowOrigin = credentialed ? origin : policy.anyOrigin ? '*' : undefined
    const headers: Record<string, string> = {}
    if (allowOrigin) headers['Access-Control-Allow-Origin'] = allowOrigin
    if (credentialed) headers['Access-Control-Allow-Credentials'] = 'true'

    if (c.req.method === 'OPTIONS') {
      const methods = methodsOf(c.req.path)
      const preflight = origin !== undefined && c.req.header('access-control-request-method') !== undefined
      if (!methods.length && !(preflight && credentialed)) return next()
      if (preflight && allowOrigin) {
        headers['Access-Control-Allow-Methods'] = (credentialed ? CGW_METHODS : methods).join(', ')
        const requested = c.req.header('access-control-request-headers')?.trim()
        if (requested && requested.length <= 1000 && HEADER_LIST.test(requested))
          headers['Access-Control-Allow-Headers'] = requested
        headers['Access-Control-Max-Age'] = String(MAX_AGE)
      }
      if (methods.length) headers.Allow = [...methods, 'OPTIONS'].join(', ')
      headers.Vary = 'Origin, Access-Control-Request-Method, Access-Control-Request-Headers'
      return c.body(null, 204, headers)
    }

    await next()
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value)
    // The answer depends on the Origin whenever some origins are treated differently from others.
    if (listed.size) c.res.headers.append('Vary', 'Origin')
  }
}
