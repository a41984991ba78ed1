// One RPC endpoint as this process uses it: its request rate, its learned batch cap, whether it serves the
// configured chain, and what is wrong with it now. Shared by every client of the process that calls the same URL
// (indexer and API count against the same provider limit).

import { log } from '../log/logger.ts'

const logger = log.child({ module: 'rpc' })

export type EndpointSettings = {
  /** Calls per second sent to the endpoint (each call of a batch counts); Infinity: no limit. */
  maxRequestsPerSecond: number
  /** Calls per JSON-RPC batch at first; halved whenever the endpoint refuses a batch as too large. */
  maxBatch: number
  /** The chain every answer must come from (eth_chainId is asked before the first request). */
  chainId: number
}

/** What went wrong last, for /health and the log ("rate-limited by https://…, retrying in 2 s"). */
export type EndpointProblem = {
  kind: 'rate-limited' | 'unavailable' | 'wrong-chain'
  message: string
  /** Epoch ms. */
  at: number
}

export type EndpointStatus = {
  url: string
  requests: number
  rateLimited: number
  retried: number
  maxBatch: number
  problem: EndpointProblem | null
}

/** Bursts allowed under the rate, in seconds of it (providers' sliding windows refuse larger ones). */
const BURST_SECONDS = 0.25

/**
 * The URL without what may be a key: no credentials or query, and path segments long enough to be one
 * (`https://eth-mainnet.g.alchemy.com/v2/…`). Only this form is ever shown or logged.
 */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url)
    const path = u.pathname
      .split('/')
      .map((s) => (s.length >= 16 || (s.length >= 8 && /\d/.test(s) && /[a-z]/i.test(s)) ? '…' : s))
      .join('/')
    return `${u.protocol}//${u.host}${path === '/' ? '' : path}`
  } catch {
    return '(invalid URL)'
  }
}

export class Endpoint {
  readonly label: string
  requests = 0
  rateLimited = 0
  retried = 0
  maxBatch: number
  problem: EndpointProblem | null = null
  /** Time the next call may be sent (epoch ms). */
  private next = 0
  /** After a rate limit, nothing is sent before this (epoch ms). */
  private coolingUntil = 0
  /** Calls waiting for room under the rate: foreground (API requests) first, then background, each in order. */
  private waiting: { calls: number; foreground: boolean; go: () => void }[] = []
  private wake: NodeJS.Timeout | undefined
  /** eth_chainId, asked once; rejected forever when the endpoint serves another chain. */
  chainCheck: Promise<void> | undefined

  constructor(
    readonly url: string,
    readonly settings: EndpointSettings,
  ) {
    this.label = redactUrl(url)
    this.maxBatch = settings.maxBatch
  }

  /**
   * Waits until `calls` more calls fit the rate (and any cooling-off is over), and takes them. A foreground
   * caller (someone waiting on an API answer) goes ahead of background ones (the indexer's backfill), which
   * would otherwise hold the next seconds of the rate.
   */
  acquire(calls: number, lane: 'foreground' | 'background' = 'foreground'): Promise<void> {
    this.requests += calls
    const rate = this.settings.maxRequestsPerSecond
    if (!Number.isFinite(rate) && !this.waiting.length && Date.now() >= this.coolingUntil)
      return Promise.resolve()
    return new Promise((go) => {
      const foreground = lane === 'foreground'
      const at = foreground ? this.waiting.findIndex((w) => !w.foreground) : -1
      this.waiting.splice(at < 0 ? this.waiting.length : at, 0, { calls, foreground, go })
      this.release()
    })
  }

  /** Lets waiting calls go while they fit the rate; otherwise wakes when the next one will. */
  private release(): void {
    if (this.wake) return
    const rate = this.settings.maxRequestsPerSecond
    while (this.waiting.length) {
      const now = Date.now()
      const start = Math.max(now, this.coolingUntil, Number.isFinite(rate) ? this.next : 0)
      if (start > now) {
        this.wake = setTimeout(() => {
          this.wake = undefined
          this.release()
        }, start - now)
        return
      }
      const waiter = this.waiting.shift() as (typeof this.waiting)[number]
      if (Number.isFinite(rate))
        this.next = Math.max(now, this.next, now - BURST_SECONDS * 1000) + (waiter.calls * 1000) / rate
      waiter.go()
    }
  }

  /** Nothing is sent for `ms` (the provider asked for a pause). */
  coolOff(ms: number, message: string): void {
    this.rateLimited++
    this.coolingUntil = Math.max(this.coolingUntil, Date.now() + ms)
    this.report('rate-limited', message)
  }

  report(kind: EndpointProblem['kind'], message: string): void {
    const first = this.problem?.message !== message
    this.problem = { kind, message, at: Date.now() }
    // Each new kind of trouble once; the figures stay in /health.
    if (first) logger.warn({ url: this.label, kind }, message)
  }

  recovered(): void {
    if (this.problem && this.problem.kind !== 'wrong-chain') {
      logger.info({ url: this.label }, `${this.label} answers again (after ${this.problem.kind})`)
      this.problem = null
    }
  }

  status(): EndpointStatus {
    return {
      url: this.label,
      requests: this.requests,
      rateLimited: this.rateLimited,
      retried: this.retried,
      maxBatch: this.maxBatch,
      problem: this.problem,
    }
  }
}

const endpoints = new Map<string, Endpoint>()

/** The process's one Endpoint for this URL and chain (settings of the first caller). */
export function endpointFor(url: string, settings: EndpointSettings): Endpoint {
  const key = `${settings.chainId} ${url}`
  let endpoint = endpoints.get(key)
  if (!endpoint) {
    endpoint = new Endpoint(url, settings)
    endpoints.set(key, endpoint)
  }
  return endpoint
}

/** Every endpoint this process has used for `chainId`, as /health shows them. */
export function endpointStatuses(chainId: number): EndpointStatus[] {
  return [...endpoints.entries()].filter(([key]) => key.startsWith(`${chainId} `)).map(([, e]) => e.status())
}
