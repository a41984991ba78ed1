// Property-based fuzz of the whole HTTP API: every operation of /api-json gets generated hostile path
// parameters, query parameters, bodies and headers (fixed seed, bounded count). Each answer must be below 500,
// every 4xx must be the `{code, message}` envelope, no answer may take long, and the process keeps answering.
// FUZZ_RUNS=<n> changes the count per operation (default 400).
import { safeV141 } from '@concord/safe/contracts'
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../createApp.ts'
import { createDatabase } from '../db/createDatabase.ts'
import { safeOwners, safes } from '../db/schema.ts'
import { createChainsRepository } from '../modules/chains/chains.repository.ts'
import { createTestConfig } from '../testing/createTestConfig.ts'
import * as hostile from '../testing/hostileInput.ts'
import { startRpcStub } from '../testing/rpcStub.ts'

const SEED = 0x5afe
const RUNS = Number(process.env.FUZZ_RUNS ?? 400)
/** An answer slower than this counts as a failure: one request must not hold the process. */
const SLOW_MS = 5_000
const SAFE = '0x5aFE3855358E112B5647B952709E6165e1c1eEEe'
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const rpc = await startRpcStub(31337)
// Each chain's node answers its own chain id (the gateway uses no endpoint that serves another chain).
const mainnetRpc = await startRpcStub(1)
const config = createTestConfig({
  chains: [
    { chainId: 31337, devnet: true, rpcUrl: [rpc.url] },
    { chainId: 1, rpcUrl: [mainnetRpc.url] },
  ],
})
const store = await createDatabase(config)
await createChainsRepository(store.db).sync(config.chains)
await store.db.insert(safes).values({
  chainId: 31337,
  address: SAFE,
  owners: [OWNER],
  threshold: 1,
  nonce: 3,
  modules: [],
  implementation: safeV141.safeL2,
  creationTxHash: `0x${'11'.repeat(32)}`,
  creationBlock: 1,
  updatedBlock: 1,
})
await store.db.insert(safeOwners).values({ chainId: 31337, owner: OWNER, safe: SAFE })
const app = createApp({
  store,
  http: {
    maxBodyBytes: config.maxBodyBytes,
    trustProxy: config.trustProxy,
    corsOrigins: config.corsOrigins,
    corsAnyOrigin: config.corsAnyOrigin,
  },
})

type Operation = { method: string; path: string; pathParams: string[]; query: string[]; body: boolean }
type OpenApiOperation = { parameters?: { name: string; in: string }[]; requestBody?: unknown }

const doc = (await (await app.request('/api-json')).json()) as {
  paths: Record<string, Record<string, OpenApiOperation>>
}
const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
    query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
    body: op.requestBody !== undefined,
  })),
)

/** Operations that answered 2xx at least once: the fuzz reached their handlers, not only validation. */
const answered = new Set<string>()
/**
 * Writes that need an owner's valid signature over a server-computed hash: random input never gets a 2xx (that
 * is the point). Their handlers are reached with real signatures in proposals.devnet.test.ts and
 * delegates.devnet.test.ts.
 */
const SIGNED_WRITES = new Set([
  // Not a write: Concord runs no outreach, so every Safe is in none, which CGW answers with 404.
  'GET /v1/targeted-messaging/outreaches/{outreachId}/chains/{chainId}/safes/{safeAddress}',
  'POST /v1/chains/{chainId}/transactions/{safeAddress}/propose',
  'POST /v1/chains/{chainId}/transactions/{safeTxHash}/confirmations',
  'DELETE /v1/chains/{chainId}/transactions/{safeTxHash}',
  'POST /v2/chains/{chainId}/delegates',
  'DELETE /v2/chains/{chainId}/delegates/{delegateAddress}',
  // Sign-In with Ethereum, and the team data that needs its session (no fuzzed request carries one).
  'POST /v1/auth/verify',
  'GET /v1/auth/me',
  'GET /v1/chains/{chainId}/safes/{safeAddress}/address-book',
  'PUT /v1/chains/{chainId}/safes/{safeAddress}/address-book/{address}',
  'DELETE /v1/chains/{chainId}/safes/{safeAddress}/address-book/{address}',
  'POST /v1/chains/{chainId}/safes/{safeAddress}/address-book/import',
  'GET /v1/chains/{chainId}/safes/{safeAddress}/notes',
  'POST /v1/chains/{chainId}/safes/{safeAddress}/notes',
  'DELETE /v1/chains/{chainId}/safes/{safeAddress}/notes/{noteId}',
  'POST /v1/chains/{chainId}/safes/{safeAddress}/messages',
  'POST /v1/chains/{chainId}/messages/{messageHash}/signatures',
  // Notifications: a registration needs owners' signatures (notifications.devnet.test.ts); a device's feed
  // needs a registered device; the operator's log the admin token (webhooks.test.ts); preferences a session.
  'POST /v1/register/notifications',
  'GET /v1/notifications/devices/{uuid}/events',
  'POST /v1/notifications/devices/{uuid}/read',
  'GET /v1/admin/webhooks/deliveries',
  'PUT /v1/chains/{chainId}/safes/{safeAddress}/notifications/preferences',
  // Reads the Safe's modules at the head: the stub's answers are no Safe's, so it is a 404 here; its handler is
  // reached on the devnet in recovery.devnet.test.ts.
  'GET /v1/chains/{chainId}/safes/{safeAddress}/recovery',
])
afterAll(async () => {
  await store.close()
  await rpc.close()
  await mainnetRpc.close()
})

const txIdish = fc.oneof(
  fc.constantFrom(
    `creation_${SAFE}`,
    `multisig_${SAFE}_0x${'ab'.repeat(32)}`,
    `module_${SAFE}_m0x${'ab'.repeat(32)}999999`,
    `transfer_${SAFE}_e0x${'ab'.repeat(32)}1`,
    `0x${'ab'.repeat(32)}`,
  ),
  fc
    .tuple(
      fc.constantFrom('multisig', 'module', 'transfer', 'creation', ''),
      hostile.addressish([SAFE]),
      hostile.anyValue,
    )
    .map((parts) => parts.join('_')),
)

/** Values that pass validation but sit at its edges, so that requests reach the handlers and the store. */
const uint = (max: bigint) => fc.bigInt({ min: 0n, max }).map(String)
const plausible: Record<string, fc.Arbitrary<string>> = {
  chainId: fc.oneof(
    { weight: 6, arbitrary: fc.constant('31337') },
    { weight: 1, arbitrary: fc.constantFrom('1', '5', '9007199254740991') },
  ),
  fiatCode: fc.constantFrom('USD', 'usd', 'EUR', 'XYZ'),
  uuid: fc.uuid(),
  transactionId: txIdish,
  cursor: fc
    .tuple(uint(2n ** 53n), uint(2n ** 53n))
    .map(([limit, offset]) => `limit=${limit}&offset=${offset}`),
  boolean: fc.constantFrom('true', 'false'),
  timezone: fc.constantFrom('UTC', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Etc/GMT+12'),
  timezone_offset: fc.integer({ min: -86_400_000, max: 86_400_000 }).map(String),
  date: fc.oneof(
    fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
    fc.constantFrom('+275760-09-13T00:00:00.000Z', '-271821-04-20T00:00:00.000Z', '1970-01-01', '2024-02-30'),
  ),
  value: uint(10n ** 78n - 1n),
  nonce: uint(10n ** 15n - 1n),
  serviceKey: fc.constantFrom('WALLET_WEB', 'MOBILE', 'CGW', 'wallet_web'),
  safes: fc
    .array(fc.constantFrom(`31337:${SAFE}`, `1:${SAFE}`, `31337:${OWNER}`, `31337:${SAFE.toLowerCase()}`), {
      minLength: 1,
      maxLength: 12,
    })
    .map((l) => l.join(',')),
  currency: fc.constantFrom('usd', 'EUR', 'xyz'),
  outreachId: fc.constantFrom('3', '0', '-1', '99999999999999999999'),
  txHash: fc.constantFrom(`0x${'ab'.repeat(32)}`, `0x${'AB'.repeat(32)}`),
  transaction_hash: fc
    .string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 64, maxLength: 64 })
    .map((h) => `0x${h}`),
}

function plausibleFor(name: string): fc.Arbitrary<string> | undefined {
  if (/address/i.test(name) || ['to', 'module', 'token_address'].includes(name))
    return fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(SAFE, OWNER, SAFE.toLowerCase()) },
      { weight: 1, arbitrary: hostile.addressish([SAFE]) },
    )
  if (['trusted', 'imitation', 'executed', 'exclude_spam'].includes(name)) return plausible.boolean
  if (name.startsWith('execution_date')) return plausible.date
  return plausible[name]
}

/** Mostly values at the edge of what is valid, and hostile ones the rest of the time. */
function value(name: string): fc.Arbitrary<string> {
  const edge = plausibleFor(name)
  const bad = name === 'cursor' ? hostile.cursorish : hostile.anyValue
  return edge ? fc.oneof({ weight: 4, arbitrary: edge }, { weight: 1, arbitrary: bad }) : bad
}

const decoderFields = fc.oneof(
  fc.record({
    data: hostile.calldata(safeV141.multiSend),
    to: fc.constantFrom(safeV141.multiSend, SAFE, SAFE.toLowerCase()),
    operation: fc.constantFrom(0, 1),
    value: fc.constantFrom('0', '1', 0),
  }),
  fc.record(
    {
      data: fc.oneof(
        hostile.calldata(safeV141.multiSend),
        hostile.hexish,
        hostile.strangeString,
        fc.jsonValue({ maxDepth: 2 }),
      ),
      to: fc.oneof(hostile.addressish([SAFE]), fc.constant(null), fc.integer()),
      operation: fc.oneof(fc.constantFrom(0, 1, 2, -1, '0', null, 1e308), hostile.strangeString),
      value: fc.oneof(hostile.numberish, fc.double(), fc.constant(null)),
    },
    { requiredKeys: [] },
  ),
)

/** encodeURIComponent throws on lone surrogates: a client's encoder would substitute them. */
const wellFormed = (v: string) =>
  v.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD')

function request(op: Operation) {
  return fc.record({
    params: fc.tuple(...op.pathParams.map(value)),
    encode: fc.oneof(
      { weight: 5, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
    query: fc.record(Object.fromEntries(op.query.map((q) => [q, value(q)])), { requiredKeys: [] }),
    extra: fc.dictionary(fc.string({ maxLength: 10 }), hostile.anyValue, { maxKeys: 2 }),
    body: op.body ? hostile.body(decoderFields) : fc.constant(undefined),
    headers: hostile.headers,
  })
}

type RequestValue = ReturnType<typeof request> extends fc.Arbitrary<infer T> ? T : never
type Failure = { request: string; status: number; problem: string; body: string }

/** The body, or for a live event stream (which never ends) its first chunk, after which it is cancelled. */
async function readBody(res: Response): Promise<string> {
  if (!res.body || !res.headers.get('content-type')?.startsWith('text/event-stream')) return res.text()
  const reader = res.body.getReader()
  const { value } = await reader.read()
  await reader.cancel()
  return new TextDecoder().decode(value)
}

async function send(op: Operation, r: RequestValue): Promise<Failure | undefined> {
  let path = op.path
  op.pathParams.forEach((name, i) => {
    const value = wellFormed(r.params[i] as string)
    path = path.replace(`{${name}}`, r.encode ? encodeURIComponent(value) : value)
  })
  const search = new URLSearchParams({ ...r.extra, ...r.query } as Record<string, string>).toString()
  const url = `http://gw.test${path}${search ? `?${search}` : ''}`
  try {
    new URL(url)
  } catch {
    return undefined // not a request a client could send
  }
  const headers: Record<string, string> = { ...r.headers } as Record<string, string>
  if (r.body?.contentType) headers['content-type'] = r.body.contentType
  const started = performance.now()
  const res = await app.request(url, { method: op.method, headers, body: r.body?.text })
  const text = await readBody(res)
  const elapsed = performance.now() - started
  const failure = (problem: string): Failure => ({
    request: `${op.method} ${url.slice(0, 300)}${r.body ? ` body ${r.body.text.slice(0, 120)}` : ''}`,
    status: res.status,
    problem,
    body: text.slice(0, 200),
  })
  if (res.ok) answered.add(`${op.method} ${op.path}`)
  if (res.status >= 500) return failure('5xx')
  if (elapsed > SLOW_MS) return failure(`slow (${Math.round(elapsed)} ms)`)
  if (res.status >= 400) {
    let envelope: { code?: unknown; message?: unknown } | undefined
    try {
      envelope = JSON.parse(text)
    } catch {
      // not JSON: reported as a missing envelope just below
    }
    if (envelope?.code !== res.status || typeof envelope.message !== 'string')
      return failure('4xx without the {code, message} envelope')
  }
  return undefined
}

async function stillAnswering() {
  expect((await app.request('/health')).status).toBe(200)
  expect((await app.request('/v1/chains/31337')).status).toBe(200)
}

describe('fuzz: every route of /api-json with hostile input', () => {
  it('default: /api-json lists the routes to walk', () => {
    expect(operations.length).toBeGreaterThanOrEqual(10)
    expect(operations.some((o) => o.body)).toBe(true)
  })

  it.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    'behavior: %s answers < 500, 4xx as {code, message}',
    async (_, op) => {
      const failures: Failure[] = []
      await fc.assert(
        fc.asyncProperty(request(op), async (r) => {
          const failure = await send(op, r)
          if (failure) failures.push(failure)
        }),
        { seed: SEED, numRuns: RUNS },
      )
      await stillAnswering()
      expect(failures.slice(0, 5)).toEqual([])
    },
    120_000,
  )

  // With fewer runs (FUZZ_RUNS) a route may see no valid request by chance.
  it.skipIf(RUNS < 400)('behavior: every operation answered 2xx too (the fuzz reached its handler)', () => {
    expect(
      operations.map((o) => `${o.method} ${o.path}`).filter((o) => !answered.has(o) && !SIGNED_WRITES.has(o)),
    ).toEqual([])
  })

  it('behavior: every method, preflights included, with hostile headers answers < 500 (4xx as {code, message})', async () => {
    const failures: string[] = []
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations),
        fc.constantFrom(...methods),
        hostile.headers,
        fc.option(fc.json({ maxDepth: 3 })),
        async (op, method, headers, body) => {
          const path = op.path.replace(/\{\w+\}/g, (_, name) => (name === 'chainId' ? '31337' : SAFE))
          const withBody = body !== null && method !== 'GET' && method !== 'HEAD'
          const res = await app.request(path, {
            method,
            headers: {
              ...headers,
              'access-control-request-method': op.method,
              ...(withBody ? { 'content-type': 'application/json' } : {}),
            } as Record<string, string>,
            body: withBody ? body : undefined,
          })
          const text = await readBody(res)
          if (res.status >= 500) failures.push(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`)
          else if (res.status >= 400 && method !== 'HEAD') {
            const envelope = JSON.parse(text) as { code?: unknown; message?: unknown }
            if (envelope.code !== res.status || typeof envelope.message !== 'string')
              failures.push(`${method} ${path}: ${res.status} without the envelope: ${text.slice(0, 200)}`)
          }
        },
      ),
      { seed: SEED, numRuns: RUNS * 2 },
    )
    await stillAnswering()
    expect(failures.slice(0, 5)).toEqual([])
  })
})
