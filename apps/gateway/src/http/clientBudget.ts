// Per-client budgets. The gateway faces the internet, so work a request can make expensive (hashing a large
// message, a simulation) is paid from a token bucket per client: its IP address, or behind a trusted proxy
// (config `trustProxy`) the address that proxy saw. Past the budget the answer is 429 with Retry-After.
import type { MiddlewareHandler } from 'hono'
import { HttpError } from './errors.ts'

/** A 429: the client spent its budget; `retryAfterSeconds` is when enough of it is back. */
export class TooManyRequestsError extends HttpError {
  override name = 'TooManyRequestsError'
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message)
  }
}

const clients = new WeakMap<Request, string>()

/** The client a request came from (set by `identifyClients`); `local` for in-process requests (tests). */
export const clientOf = (request: Request): string => clients.get(request) ?? 'local'

/**
 * Records each request's client. The socket's address, unless a trusted proxy sent it: then the last
 * X-Forwarded-For entry, the one that proxy appended (entries before it are whatever the client wrote).
 */
export function identifyClients(p: { trustProxy: boolean }): MiddlewareHandler {
  return async (c, next) => {
    const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined
    const socket = env?.incoming?.socket?.remoteAddress
    const forwarded = p.trustProxy
      ? c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim().slice(0, 64)
      : undefined
    const client = forwarded || socket
    if (client) clients.set(c.req.raw, client)
    await next()
  }
}

export type BudgetSettings = {
  /** What a client may spend at once. */
  capacity: number
  /** What comes back per second. */
  refillPerSecond: number
  /** Clients remembered; past it the longest idle is forgotten (memory stays bounded under a flood). */
  maxClients?: number
}

/**
 * A token bucket per client. `spend` takes `cost` or throws TooManyRequestsError naming `what`; a cost above
 * the capacity can never be paid, so callers bound a single request's cost below it first.
 */
export function createClientBudget(what: string, settings: BudgetSettings) {
  const maxClients = settings.maxClients ?? 10_000
  // Insertion order is recency order: a spend re-inserts its client at the end.
  const buckets = new Map<string, { tokens: number; at: number }>()
  const level = (client: string, now: number) => {
    const b = buckets.get(client)
    if (!b) return settings.capacity
    return Math.min(settings.capacity, b.tokens + ((now - b.at) / 1000) * settings.refillPerSecond)
  }
  return {
    spend(client: string, cost: number, now = Date.now()): void {
      const tokens = level(client, now)
      if (tokens < cost) {
        const seconds = Math.max(1, Math.ceil((cost - tokens) / settings.refillPerSecond))
        throw new TooManyRequestsError(
          `Too many requests: ${what} is limited per client, try again in ${seconds} s`,
          seconds,
        )
      }
      buckets.delete(client)
      buckets.set(client, { tokens: tokens - cost, at: now })
      if (buckets.size > maxClients) buckets.delete(buckets.keys().next().value as string)
    },
    /** Clients currently remembered (for tests and metrics). */
    size: () => buckets.size,
  }
}

export type ClientBudget = ReturnType<typeof createClientBudget>
