// The fetch under viem's http transport: RPC providers as they are. Every request waits for its place under the
// endpoint's rate; a rate limit (HTTP 429, or a JSON-RPC error that says so) pauses the endpoint for its
// Retry-After and is retried, never reported as a failed call; 5xx answers, HTML error pages and network
// errors are retried a few times with backoff; a batch larger than the endpoint takes is split, and the cap
// learned. Range and result caps of eth_getLogs are the chain reader's (they are answers, not failures).
import { setTimeout as sleep } from 'node:timers/promises'
import type { Endpoint } from './endpoint.ts'

export type ProviderFetchOptions = {
  /** Background calls (the indexer's) wait behind foreground ones (API requests) for room under the rate. */
  lane?: 'foreground' | 'background'
  /** Longest a request may wait on rate limits before it fails (the API: seconds; the indexer: minutes). */
  maxWaitMs: number
  /** Attempts at a request the endpoint fails (5xx, HTML, network) before the failure is passed on. */
  attempts?: number
  /** One attempt's time limit (ms). */
  timeoutMs?: number
}

type FetchInput = Parameters<typeof fetch>[0]
type RpcCall = { id?: unknown; method?: string }
type Verdict =
  | { kind: 'ok' }
  | { kind: 'rate-limited'; retryAfterMs: number | undefined; why: string }
  | { kind: 'batch-too-large' }
  | { kind: 'failed'; why: string }

// Rate-limit wording of providers (Infura's -32005 "request rate limited", Alchemy's compute units, …); the
// result and range caps share -32005 but say "results", "range" or "response size".
const RATE_LIMITED =
  /rate.?limit|too many requests|request rate|exceeded .*(capacity|compute units|throughput|requests)|daily request count|credits? (limit|exhausted)|quota/i
const RATE_CODES = new Set([429, -32029, -32090])
const NOT_RATE = /results|block range|response size|range/i
const BATCH_TOO_LARGE = /batch/i
/** Answers this short are read to look for a rate-limit error; longer ones are results. */
const INSPECT_BYTES = 16 * 1024

/** Retry-After as seconds or an HTTP date, or "try again in 2s" in an error message. */
export function retryAfterMs(header: string | null, message = ''): number | undefined {
  if (header) {
    if (/^\d+(\.\d+)?$/.test(header.trim())) return Number(header) * 1000
    const at = Date.parse(header)
    if (!Number.isNaN(at)) return Math.max(0, at - Date.now())
  }
  const m = /(?:retry|try again)\s+(?:in|after)\s+(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|sec|seconds?)?/i.exec(
    message,
  )
  if (!m) return undefined
  return Number(m[1]) * (/^m/.test(m[2] ?? '') ? 1 : 1000)
}

const errorsOf = (body: unknown): { code?: unknown; message?: unknown }[] =>
  (Array.isArray(body) ? body : [body])
    .map((a) => (a as { error?: { code?: unknown; message?: unknown } } | null)?.error)
    .filter((e) => !!e) as { code?: unknown; message?: unknown }[]

async function judge(res: Response, batch: boolean): Promise<Verdict> {
  const type = res.headers.get('content-type') ?? ''
  const size = Number(res.headers.get('content-length') ?? Number.NaN)
  if (res.status === 429)
    return {
      kind: 'rate-limited',
      retryAfterMs: retryAfterMs(res.headers.get('retry-after')),
      why: 'HTTP 429',
    }
  if (batch && res.status === 413) return { kind: 'batch-too-large' }
  if (res.status >= 500 || res.status === 408) return { kind: 'failed', why: `HTTP ${res.status}` }
  if (type.includes('text/html')) return { kind: 'failed', why: `an HTML page (HTTP ${res.status})` }
  // A long answer (or one of unknown length: sized() gave every short one its length) is a result.
  if (res.ok && !(size < INSPECT_BYTES)) return { kind: 'ok' }
  const text = await res.clone().text()
  if (text.length > INSPECT_BYTES) return { kind: 'ok' }
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return res.ok ? { kind: 'failed', why: 'an answer that is not JSON' } : { kind: 'ok' }
  }
  for (const e of errorsOf(body)) {
    const message = typeof e.message === 'string' ? e.message : ''
    if (batch && !Array.isArray(body) && BATCH_TOO_LARGE.test(message)) return { kind: 'batch-too-large' }
    if (
      (RATE_CODES.has(Number(e.code)) || RATE_LIMITED.test(message)) &&
      !(NOT_RATE.test(message) && !RATE_LIMITED.test(message))
    )
      return {
        kind: 'rate-limited',
        retryAfterMs: retryAfterMs(res.headers.get('retry-after'), message),
        why: message.slice(0, 120) || `error ${e.code}`,
      }
  }
  if (batch && !res.ok && BATCH_TOO_LARGE.test(text)) return { kind: 'batch-too-large' }
  return { kind: 'ok' }
}

/**
 * An answer without a Content-Length (chunked, as behind Cloudflare, where a rate-limit error looks like any
 * answer): its first bytes are read, so a short one comes back whole with its length for judge() to read, and a
 * long one as the same stream (a copy read in part and cancelled would cut the original off).
 */
async function sized(res: Response): Promise<Response> {
  if (res.headers.has('content-length') || !res.body) return res
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let bytes = 0
  while (bytes <= INSPECT_BYTES) {
    const { done, value } = await reader.read()
    if (done) {
      const body = Buffer.concat(chunks)
      const headers = new Headers(res.headers)
      headers.set('content-length', String(body.byteLength))
      return new Response(body, { status: res.status, statusText: res.statusText, headers })
    }
    chunks.push(value)
    bytes += value.byteLength
  }
  const rest = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk)
    },
    async pull(controller) {
      const { done, value } = await reader.read()
      if (done) controller.close()
      else controller.enqueue(value)
    },
    cancel: (reason) => reader.cancel(reason),
  })
  return new Response(rest, { status: res.status, statusText: res.statusText, headers: res.headers })
}

/** The least a rate-limited request waits before it is sent again. */
const MIN_RATE_WAIT_MS = 250
const backoff = (attempt: number) => Math.min(500 * 2 ** attempt, 30_000)

export function createProviderFetch(endpoint: Endpoint, options: ProviderFetchOptions): typeof fetch {
  const attempts = options.attempts ?? 4
  const timeoutMs = options.timeoutMs ?? 15_000

  /** Sends one body, waiting out rate limits and retrying failures; the raw answer otherwise. */
  async function send(input: FetchInput, init: RequestInit, calls: RpcCall[] | undefined) {
    const batch = calls !== undefined
    let waited = 0
    let failures = 0
    for (;;) {
      await endpoint.acquire(calls?.length ?? 1, options.lane)
      const signal = init.signal
        ? AbortSignal.any([init.signal, AbortSignal.timeout(timeoutMs)])
        : AbortSignal.timeout(timeoutMs)
      let verdict: Verdict
      let res: Response | undefined
      try {
        res = await sized(await fetch(input, { ...init, signal }))
        verdict = await judge(res, batch)
      } catch (error) {
        if (init.signal?.aborted) throw error
        verdict = { kind: 'failed', why: (error as Error).message.split('\n')[0] ?? 'network error' }
      }
      if (verdict.kind === 'ok') {
        endpoint.recovered()
        return res as Response
      }
      if (verdict.kind === 'batch-too-large') {
        if (!calls || calls.length <= 1) return res as Response
        endpoint.maxBatch = Math.max(1, Math.min(endpoint.maxBatch, Math.floor(calls.length / 2)))
        endpoint.report(
          'unavailable',
          `${endpoint.label} refuses batches of ${calls.length}: now ${endpoint.maxBatch}`,
        )
        return split(input, init, calls)
      }
      endpoint.retried++
      if (verdict.kind === 'rate-limited') {
        // A Retry-After of 0 or in the past (clock skew) still waits a little: never a loop of instant retries.
        const wait = Math.max(verdict.retryAfterMs ?? backoff(Math.min(failures++, 6)), MIN_RATE_WAIT_MS)
        if (waited + wait > options.maxWaitMs) {
          if (res) return res
          throw new Error(`${endpoint.label} is rate-limiting`)
        }
        waited += wait
        endpoint.coolOff(
          wait,
          `rate-limited by ${endpoint.label} (${verdict.why}), retrying in ${Math.ceil(wait / 1000)} s`,
        )
        continue
      }
      failures++
      if (failures >= attempts) {
        endpoint.report('unavailable', `${endpoint.label} answered ${verdict.why}, ${failures} times`)
        if (res) return res
        throw new Error(`${endpoint.label}: ${verdict.why}`)
      }
      const wait = backoff(failures - 1)
      endpoint.report(
        'unavailable',
        `${endpoint.label} answered ${verdict.why}, retrying in ${(wait / 1000).toFixed(1)} s`,
      )
      await sleep(wait, undefined, { signal: init.signal ?? undefined })
    }
  }

  /** A batch in parts the endpoint takes, answered as one. */
  async function split(input: FetchInput, init: RequestInit, calls: RpcCall[]): Promise<Response> {
    const parts: RpcCall[][] = []
    for (let i = 0; i < calls.length; i += endpoint.maxBatch)
      parts.push(calls.slice(i, i + endpoint.maxBatch))
    const answers = await Promise.all(
      parts.map(async (part) => {
        const res = await providerFetch(input, { ...init, body: JSON.stringify(part) })
        const body = (await res.json()) as unknown
        return Array.isArray(body)
          ? body
          : part.map((c) => ({ jsonrpc: '2.0', id: c.id, ...(body as object) }))
      }),
    )
    return new Response(JSON.stringify(answers.flat()), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    })
  }

  async function checkChain(input: FetchInput, init: RequestInit): Promise<void> {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'eth_chainId', params: [] })
    const res = await send(input, { ...init, body }, undefined)
    const answer = (await res.json().catch(() => ({}))) as { result?: unknown }
    // No chain id (a 503 or a rate limit past the waits): the check could not be made, and is made again.
    if (!res.ok || typeof answer.result !== 'string')
      throw new Error(`${endpoint.label} did not answer eth_chainId (HTTP ${res.status})`)
    const served = Number(answer.result)
    if (served !== endpoint.settings.chainId) {
      const message = `${endpoint.label} serves chain ${served}, not ${endpoint.settings.chainId}: not used`
      endpoint.report('wrong-chain', message)
      throw new Error(message)
    }
  }

  async function providerFetch(input: FetchInput, init: RequestInit = {}): Promise<Response> {
    if (!endpoint.chainCheck) {
      const check = checkChain(input, { ...init, signal: null })
      endpoint.chainCheck = check
      // A check that could not be made (the node is down) is made again; a wrong chain stays refused.
      check.catch(() => {
        if (endpoint.problem?.kind !== 'wrong-chain') endpoint.chainCheck = undefined
      })
    }
    await endpoint.chainCheck
    const text = typeof init.body === 'string' ? init.body : undefined
    const calls = text?.startsWith('[') ? (JSON.parse(text) as RpcCall[]) : undefined
    if (calls && calls.length > endpoint.maxBatch) return split(input, init, calls)
    return send(input, init, calls)
  }

  return providerFetch as typeof fetch
}
