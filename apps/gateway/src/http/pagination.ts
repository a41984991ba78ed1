// CGW cursor pagination: one `cursor` query parameter holding `limit=L&offset=O`; next/previous are
// absolute URLs rebuilt from the request (its Host; X-Forwarded-* only when trusted), other parameters kept.
export const DEFAULT_LIMIT = 20
export const MAX_LIMIT = 100

export type PageParams = { limit: number; offset: number }

/**
 * A missing or broken cursor gives the first page, as CGW does. Values past the safe integer range are
 * broken too (the database would reject them, and neighbouring values would collapse onto one).
 */
export function parseCursor(cursor: string | undefined | null): PageParams {
  const params = new URLSearchParams(cursor ?? '')
  const int = (v: string | null) =>
    v !== null && /^\d{1,16}$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : undefined
  const limit = int(params.get('limit'))
  const offset = int(params.get('offset'))
  if (limit === undefined || offset === undefined || limit === 0) return { limit: DEFAULT_LIMIT, offset: 0 }
  return { limit: Math.min(limit, MAX_LIMIT), offset }
}

/** Requests whose X-Forwarded-* headers come from a trusted proxy (config `trustProxy`, see createApp). */
const trustedRequests = new WeakSet<Request>()

/** Marks a request's X-Forwarded-Proto/-Host as set by a trusted reverse proxy. */
export function trustForwardedHeaders(req: Request): void {
  trustedRequests.add(req)
}

/** The URL the client called: its Host header, and the proxy's X-Forwarded-Proto/-Host when trusted. */
export function requestUrl(req: Request): URL {
  const url = new URL(req.url)
  const trusted = trustedRequests.has(req)
  const first = (name: string) => (trusted ? req.headers.get(name)?.split(',')[0]?.trim() : undefined)
  const proto = first('x-forwarded-proto')?.toLowerCase()
  const host = first('x-forwarded-host') || req.headers.get('host')
  if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`
  if (host) url.host = host
  return url
}

function withCursor(base: URL, page: PageParams): string {
  const url = new URL(base)
  url.searchParams.set('cursor', `limit=${page.limit}&offset=${page.offset}`)
  return url.toString()
}

export type Page<T> = { count: number; next: string | null; previous: string | null; results: T[] }

/** Builds the Page envelope for a slice of a list of `count` items. */
export function toPage<T>(req: Request, page: PageParams, count: number, results: T[]): Page<T> {
  const base = requestUrl(req)
  return {
    count,
    next:
      page.offset + page.limit < count
        ? withCursor(base, { ...page, offset: page.offset + page.limit })
        : null,
    previous:
      page.offset > 0 ? withCursor(base, { ...page, offset: Math.max(page.offset - page.limit, 0) }) : null,
    results,
  }
}
