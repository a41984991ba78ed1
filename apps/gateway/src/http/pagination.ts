// CGW cursor pagination: one `cursor` query parameter holding `limit=L&offset=O`; next/previous are
// absolute URLs rebuilt from the request (X-Forwarded-Proto and Host honoured), other parameters kept.
export const DEFAULT_LIMIT = 20
export const MAX_LIMIT = 100

export type PageParams = { limit: number; offset: number }

/** A missing or broken cursor gives the first page, as CGW does. */
export function parseCursor(cursor: string | undefined | null): PageParams {
  const params = new URLSearchParams(cursor ?? '')
  const int = (v: string | null) => (v !== null && /^\d+$/.test(v) ? Number(v) : undefined)
  const limit = int(params.get('limit'))
  const offset = int(params.get('offset'))
  if (limit === undefined || offset === undefined || limit === 0) return { limit: DEFAULT_LIMIT, offset: 0 }
  return { limit: Math.min(limit, MAX_LIMIT), offset }
}

export function requestUrl(req: Request): URL {
  const url = new URL(req.url)
  const proto = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim()
  const host = req.headers.get('x-forwarded-host') ?? req.headers.get('host')
  if (proto) url.protocol = `${proto}:`
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
