// A JSON-RPC proxy in front of the devnet that refuses the way real providers do (their published limits and
// error texts): eth_getLogs range and result caps, a batch cap, a request rate answered with 429 and
// Retry-After (or a JSON-RPC rate-limit error), no trace methods, ~128 blocks of state, and random 502 HTML
// pages. Tests and benchmarks run the gateway through it; it counts what it was asked and what it refused.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export type LogsCapStyle =
  /** "Log response size exceeded. … up to a 2K block range … [0x…, 0x…]": range cap unless few results. */
  | 'alchemy'
  /** -32005 "query returned more than 10000 results. Try with this block range [0x…, 0x…]." */
  | 'infura'
  /** -32005 "In eth_getLogs, the block range is limited to 2000.": a hard range cap. */
  | 'range'

export type ProviderProfile = {
  logs?: { style: LogsCapStyle; maxRange: number; maxResults: number }
  /** Calls per JSON-RPC batch; a larger batch gets one error object. */
  maxBatch?: number
  /** Calls per second (each call of a batch counts); past it, `rateLimit` says how it is refused. */
  ratePerSecond?: number
  rateLimit?: 'http-429' | 'json-rpc'
  /** debug_* and trace_* answer "method not found". */
  noTraces?: boolean
  /** Blocks of state kept below the head (a full node: 128); older state reads fail with "missing trie node". */
  stateBlocks?: number
  /** Share of HTTP requests answered with a 502 HTML page (deterministic sequence). */
  failureRate?: number
  /**
   * eth_getLogs is served by a node that sees each new block this many ms after the others (a load balancer's
   * lagging replica): a range is answered with the logs it has, nothing of the blocks it has not seen (as geth
   * does), and a block hash it has not seen is refused with "unknown block".
   */
  lateLogsMs?: number
}

/** Profiles taken from providers' published limits. */
export const PROVIDER_PROFILES = {
  /** The strict free tier: Alchemy-like getLogs caps, batches of 10, 25 req/s, no traces, a full node. */
  strict: {
    logs: { style: 'alchemy', maxRange: 2000, maxResults: 10_000 },
    maxBatch: 10,
    ratePerSecond: 25,
    rateLimit: 'http-429',
    noTraces: true,
    stateBlocks: 128,
    failureRate: 0.02,
  },
} satisfies Record<string, ProviderProfile>

export type ProxyCounts = {
  httpRequests: number
  calls: number
  byMethod: Record<string, number>
  /** eth_getLogs calls that name no address, as emitter or as topic (the whole chain's logs of their topics). */
  unfilteredLogs: number
  refused: {
    logs: number
    batch: number
    rate: number
    traces: number
    state: number
    failures: number
    /** eth_getLogs answers cut short, or block hashes refused, by the lagging node (`lateLogsMs`). */
    late: number
  }
}

export type ProviderProxy = {
  url: string
  counts: ProxyCounts
  profile: ProviderProfile
  /** Resolves when the lagging node of `lateLogsMs` serves `block` (at once without one). */
  lateLogsServe(block: number): Promise<void>
  /** Zeroes the counts (e.g. between phases of a benchmark). */
  reset(): void
  close(): Promise<void>
}

type Call = { jsonrpc?: string; id?: unknown; method?: string; params?: unknown[] }
type Answer = { jsonrpc: '2.0'; id: unknown; result?: unknown; error?: { code: number; message: string } }

const hex = (n: number) => `0x${n.toString(16)}`
const STATE_METHODS = new Set([
  'eth_call',
  'eth_getStorageAt',
  'eth_getBalance',
  'eth_getCode',
  'eth_getTransactionCount',
])
const STATE_BLOCK_PARAM: Record<string, number> = {
  eth_call: 1,
  eth_getStorageAt: 2,
  eth_getBalance: 1,
  eth_getCode: 1,
  eth_getTransactionCount: 1,
}

const emptyCounts = (): ProxyCounts => ({
  httpRequests: 0,
  calls: 0,
  byMethod: {},
  unfilteredLogs: 0,
  refused: { logs: 0, batch: 0, rate: 0, traces: 0, state: 0, failures: 0, late: 0 },
})

export async function startProviderProxy(
  upstream: string,
  profile: ProviderProfile,
  /** Hears each call as it arrives, before any refusal (the order a client asks in); the answer waits for it. */
  onCall?: (method: string, params: unknown[]) => void | Promise<void>,
): Promise<ProviderProxy> {
  let counts = emptyCounts()
  // A fixed sequence, so a run is repeatable (xorshift).
  let seed = 0x2545f491
  const random = () => {
    seed ^= seed << 13
    seed ^= seed >>> 17
    seed ^= seed << 5
    return (seed >>> 0) / 2 ** 32
  }
  // The rate limiter: a bucket of one second of calls.
  const rate = profile.ratePerSecond ?? Number.POSITIVE_INFINITY
  let tokens = rate
  let filledAt = Date.now()
  const takeTokens = (n: number) => {
    const now = Date.now()
    tokens = Math.min(rate, tokens + ((now - filledAt) / 1000) * rate)
    filledAt = now
    if (tokens < n) return false
    tokens -= n
    return true
  }

  const forward = async (calls: Call[]): Promise<Answer[]> => {
    if (!calls.length) return []
    const res = await fetch(upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls),
    })
    return (await res.json()) as Answer[]
  }
  let headCache: { at: number; head: number } | undefined
  const head = async () => {
    if (headCache && Date.now() - headCache.at < 200) return headCache.head
    const [answer] = await forward([{ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }])
    headCache = { at: Date.now(), head: Number(answer?.result) }
    return headCache.head
  }
  // The lagging node of `lateLogsMs`: when each block was first seen at the head (those there at the first look
  // count as old), and the newest block it has seen by now.
  const seenAt = new Map<number, number>()
  let firstHead: number | undefined
  const laggingHead = async (lateMs: number) => {
    const latest = await head()
    const now = Date.now()
    firstHead ??= latest
    for (let n = latest; n > firstHead && !seenAt.has(n); n--) seenAt.set(n, now)
    let served = latest
    while (served > firstHead && (seenAt.get(served) ?? 0) > now - lateMs) served--
    return served
  }
  /** The lagging node's answer to eth_getLogs, or its refusal (undefined: it has every block asked). */
  async function lateLogs(call: Call, answer: Answer, lateMs: number): Promise<Answer | undefined> {
    const served = await laggingHead(lateMs)
    const filter = (call.params?.[0] ?? {}) as { blockHash?: string; toBlock?: unknown }
    if (filter.blockHash) {
      const [block] = await forward([
        { jsonrpc: '2.0', id: 1, method: 'eth_getBlockByHash', params: [filter.blockHash, false] },
      ])
      const number = (block?.result as { number?: string } | null)?.number
      if (number !== undefined && Number(number) <= served) return undefined
      counts.refused.late++
      return refuse(call, -32000, 'unknown block')
    }
    if ((await blockOf(filter.toBlock ?? 'latest')) <= served) return undefined
    counts.refused.late++
    const logs = answer.result as { blockNumber: string }[]
    return { ...answer, result: logs.filter((l) => Number(l.blockNumber) <= served) }
  }
  const blockOf = async (tag: unknown) =>
    typeof tag === 'string' && tag.startsWith('0x') ? Number(tag) : tag === 'earliest' ? 0 : await head()

  const refuse = (call: Call, code: number, message: string): Answer => ({
    jsonrpc: '2.0',
    id: call.id ?? null,
    error: { code, message },
  })

  /** An eth_getLogs answer, or the profile's refusal of it. */
  async function getLogs(call: Call): Promise<Answer> {
    const cap = profile.logs
    const asked = (call.params?.[0] ?? {}) as { address?: unknown; topics?: unknown[] }
    if (!asked.address && !asked.topics?.slice(1).some((t) => t !== null)) counts.unfilteredLogs++
    const [forwarded] = await forward([call])
    const late =
      profile.lateLogsMs !== undefined && forwarded && !forwarded.error
        ? await lateLogs(call, forwarded, profile.lateLogsMs)
        : undefined
    const answer = late ?? forwarded
    if (!cap || !answer || answer.error) return answer as Answer
    const filter = (call.params?.[0] ?? {}) as { fromBlock?: unknown; toBlock?: unknown }
    const from = await blockOf(filter.fromBlock ?? 'latest')
    const to = await blockOf(filter.toBlock ?? 'latest')
    const span = to - from + 1
    const results = (answer.result as unknown[]).length
    // A range that should fit: as many blocks as the results' density allows.
    const suggestion = () => {
      const blocks = Math.max(
        1,
        Math.min(cap.maxRange, Math.floor((span * cap.maxResults) / Math.max(results, 1))),
      )
      return `[${hex(from)}, ${hex(from + blocks - 1)}]`
    }
    if (cap.style === 'range' && span > cap.maxRange) {
      counts.refused.logs++
      return refuse(call, -32005, `In eth_getLogs, the block range is limited to ${cap.maxRange}.`)
    }
    if (cap.style === 'infura' && results > cap.maxResults) {
      counts.refused.logs++
      return refuse(
        call,
        -32005,
        `query returned more than ${cap.maxResults} results. Try with this block range ${suggestion()}.`,
      )
    }
    if (cap.style === 'alchemy' && span > cap.maxRange && results > cap.maxResults) {
      counts.refused.logs++
      return refuse(
        call,
        -32602,
        `Log response size exceeded. You can make eth_getLogs requests with up to a ${cap.maxRange} block range and no limit on the response size, or you can request any block range with a cap of ${cap.maxResults} logs in the response. Based on your parameters, this block range should work: ${suggestion()}`,
      )
    }
    return answer
  }

  /** A call's refusal by the profile before it reaches the node, if any. */
  async function precheck(call: Call): Promise<Answer | undefined> {
    const method = call.method ?? ''
    if (profile.noTraces && (method.startsWith('debug_') || method.startsWith('trace_'))) {
      counts.refused.traces++
      return refuse(call, -32601, `the method ${method} does not exist/is not available`)
    }
    if (profile.stateBlocks !== undefined && STATE_METHODS.has(method)) {
      const tag = call.params?.[STATE_BLOCK_PARAM[method] ?? 1]
      if (
        typeof tag === 'string' &&
        tag.startsWith('0x') &&
        Number(tag) < (await head()) - profile.stateBlocks
      ) {
        counts.refused.state++
        return refuse(
          call,
          -32000,
          `missing trie node ${'3a'.repeat(32)} (path ) state ${'0'.repeat(64)} is not available`,
        )
      }
    }
    return undefined
  }

  async function answerAll(calls: Call[]): Promise<Answer[]> {
    const out: (Answer | undefined)[] = await Promise.all(calls.map(precheck))
    const logs = calls.map((c, i) => (c.method === 'eth_getLogs' && !out[i] ? getLogs(c) : undefined))
    const rest = calls.filter((c, i) => !out[i] && c.method !== 'eth_getLogs')
    const forwarded = new Map((await forward(rest)).map((a, i) => [rest[i] as Call, a]))
    return Promise.all(calls.map(async (c, i) => out[i] ?? (await logs[i]) ?? (forwarded.get(c) as Answer)))
  }

  const send = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      ...headers,
    })
    res.end(body)
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    counts.httpRequests++
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call | Call[]
    const calls = Array.isArray(body) ? body : [body]
    counts.calls += calls.length
    for (const c of calls) {
      counts.byMethod[c.method ?? '?'] = (counts.byMethod[c.method ?? '?'] ?? 0) + 1
      await onCall?.(c.method ?? '?', c.params ?? [])
    }
    if (profile.failureRate && random() < profile.failureRate) {
      counts.refused.failures++
      const page =
        '<html><head><title>502 Bad Gateway</title></head><body><h1>502 Bad Gateway</h1></body></html>'
      return send(res, 502, page, { 'content-type': 'text/html' })
    }
    if (Array.isArray(body) && profile.maxBatch !== undefined && body.length > profile.maxBatch) {
      counts.refused.batch++
      const error = {
        code: -32600,
        message: `batch size exceeded: at most ${profile.maxBatch} requests per batch`,
      }
      return send(res, 200, JSON.stringify({ jsonrpc: '2.0', id: null, error }))
    }
    if (!takeTokens(calls.length)) {
      counts.refused.rate++
      if (profile.rateLimit === 'json-rpc') {
        const limited = calls.map((c) => refuse(c, -32005, 'request rate limited, try again in 1s'))
        return send(res, 200, JSON.stringify(Array.isArray(body) ? limited : limited[0]))
      }
      return send(res, 429, JSON.stringify({ code: 429, message: 'Too Many Requests' }), {
        'retry-after': '1',
      })
    }
    const answers = await answerAll(calls)
    send(res, 200, JSON.stringify(Array.isArray(body) ? answers : answers[0]))
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => send(res, 500, JSON.stringify({ message: error.message })))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const proxy: ProviderProxy = {
    url: `http://127.0.0.1:${port}`,
    counts,
    profile,
    async lateLogsServe(block) {
      const lateMs = profile.lateLogsMs
      if (lateMs === undefined) return
      headCache = undefined
      await laggingHead(lateMs)
      const due = (seenAt.get(block) ?? 0) + lateMs - Date.now()
      if (due > 0) await new Promise((resolve) => setTimeout(resolve, due))
    },
    reset() {
      counts = emptyCounts()
      proxy.counts = counts
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return proxy
}
