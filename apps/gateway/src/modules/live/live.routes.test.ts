import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createGateway, type Gateway } from '../../createGateway.ts'
import { createTestConfig } from '../../testing/createTestConfig.ts'
import { readSse, type SseReader } from '../../testing/sseEvents.ts'
import { DEFAULT_LIVE_LIMITS } from './liveStreams.ts'

const SAFE = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'
const HASH = `0x${'ab'.repeat(32)}` as const

describe('GET /v1/live', () => {
  let gateway: Gateway
  /** The default gateway, and one with low limits (PGlite start-up is the slow part: two for the file). */
  let standard: Gateway
  let limited: Gateway
  const readers: SseReader[] = []
  const open = async (safes: string, init?: RequestInit) => {
    const res = await gateway.app.request(`/v1/live?safes=${safes}`, init)
    return res
  }
  const stream = async (safes: string) => {
    const res = await open(safes)
    expect(res.status).toBe(200)
    const reader = readSse(res)
    readers.push(reader)
    await reader.next((e) => e.event === 'ready')
    return { res, reader }
  }
  // Migrating two fresh stores takes well over the default 10 s on a busy machine.
  beforeAll(async () => {
    ;[standard, limited] = await Promise.all([
      createGateway(createTestConfig()),
      createGateway(createTestConfig(), { live: { heartbeatMs: 20, maxSafes: 2, maxStreams: 2 } }),
    ])
  }, 60_000)
  afterEach(async () => {
    await Promise.all(readers.splice(0).map((r) => r.close()))
  })
  afterAll(async () => {
    await Promise.all([standard?.stop(), limited?.stop()])
  })

  it('default: a change of a watched Safe arrives as JSON; other Safes stay silent', async () => {
    gateway = standard
    const { res, reader } = await stream(`31337:${SAFE.toLowerCase()}`)
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/)
    expect(res.headers.get('cache-control')).toBe('no-cache')
    gateway.changes.publish({
      type: 'PENDING_MULTISIG_TRANSACTION',
      chainId: 31337,
      address: OTHER,
      safeTxHash: HASH,
    })
    gateway.changes.publish({
      type: 'PENDING_MULTISIG_TRANSACTION',
      chainId: 1,
      address: SAFE,
      safeTxHash: HASH,
    })
    gateway.changes.publish({
      type: 'NEW_CONFIRMATION',
      chainId: 31337,
      address: SAFE,
      safeTxHash: HASH,
      owner: OTHER,
    })
    const event = await reader.next((e) => e.event === 'change')
    expect(JSON.parse(event.data)).toEqual({
      type: 'NEW_CONFIRMATION',
      chainId: 31337,
      address: SAFE,
      safeTxHash: HASH,
      owner: OTHER,
    })
    expect(reader.events.filter((e) => e.event === 'change')).toHaveLength(1)
  })

  it("behavior: BLOCK_INDEXED reaches every stream of the chain, narrowed to the stream's Safes", async () => {
    gateway = standard
    const { reader } = await stream(`31337:${SAFE}`)
    gateway.changes.publish({ type: 'BLOCK_INDEXED', chainId: 31337, blockNumber: 7, safes: [OTHER, SAFE] })
    gateway.changes.publish({ type: 'BLOCK_INDEXED', chainId: 1, blockNumber: 8, safes: [SAFE] })
    gateway.changes.publish({ type: 'BLOCK_INDEXED', chainId: 31337, blockNumber: 9, safes: [OTHER] })
    const a = JSON.parse((await reader.next((e) => e.event === 'change')).data)
    const b = JSON.parse((await reader.next((e) => e.event === 'change')).data)
    expect([a, b]).toEqual([
      { type: 'BLOCK_INDEXED', chainId: 31337, blockNumber: 7, safes: [SAFE] },
      { type: 'BLOCK_INDEXED', chainId: 31337, blockNumber: 9, safes: [] },
    ])
  })

  it('behavior: heartbeats keep an idle stream open', async () => {
    gateway = limited
    const { reader } = await stream(`31337:${SAFE}`)
    await new Promise((r) => setTimeout(r, 120))
    expect(reader.comments).toBeGreaterThanOrEqual(2)
  })

  it('error: malformed or too many Safes are a 422', async () => {
    gateway = limited
    for (const bad of ['31337:0x12', `x:${SAFE}`, SAFE, `31337:${SAFE}:1`, ''])
      expect((await open(bad)).status, bad).toBe(422)
    const tooMany = await open(`1:${SAFE},2:${SAFE},3:${SAFE}`)
    expect(tooMany.status).toBe(422)
    expect(await tooMany.json()).toEqual({ code: 422, message: 'At most 2 Safes per stream (got 3)' })
    // The same Safe twice counts once.
    const res = await open(`1:${SAFE},1:${SAFE.toLowerCase()}`)
    expect(res.status).toBe(200)
    readers.push(readSse(res))
  })

  it('error: past maxStreams a 503 with Retry-After; a closed stream frees its place', async () => {
    gateway = limited
    const first = await stream(`31337:${SAFE}`)
    await stream(`31337:${OTHER}`)
    const refused = await open(`31337:${SAFE}`)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(((await refused.json()) as { message: string }).message).toMatch(/Too many live streams/)
    await first.reader.close()
    // The server notices the cancelled reader on its next write at the latest.
    gateway.changes.publish({ type: 'BLOCK_INDEXED', chainId: 31337, blockNumber: 1, safes: [] })
    await new Promise((r) => setTimeout(r, 50))
    await stream(`31337:${SAFE}`)
  })

  it('error: one client holds at most maxPerClient streams (429 with Retry-After); others still open theirs', async () => {
    gateway = standard
    const from = (client: string) =>
      gateway.app.request(
        `/v1/live?safes=31337:${SAFE}`,
        {},
        { incoming: { socket: { remoteAddress: client } } },
      )
    const max = DEFAULT_LIVE_LIMITS.maxPerClient
    for (let i = 0; i < max; i++) {
      const res = await from('198.51.100.7')
      expect(res.status).toBe(200)
      readers.push(readSse(res))
    }
    const refused = await from('198.51.100.7')
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('5')
    expect(await refused.json()).toEqual({
      code: 429,
      message: `Too many requests: at most ${max} live streams per client, close one first`,
    })
    const other = await from('198.51.100.8')
    expect(other.status).toBe(200)
    readers.push(readSse(other))
  })

  it('behavior: CORS lets any origin read the stream', async () => {
    gateway = standard
    const res = await open(`31337:${SAFE}`, { headers: { origin: 'https://app.example' } })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    readers.push(readSse(res))
  })

  it('behavior: stop() ends open streams', async () => {
    gateway = standard
    const { reader } = await stream(`31337:${SAFE}`)
    await gateway.stop()
    await reader.ended
  })
})
