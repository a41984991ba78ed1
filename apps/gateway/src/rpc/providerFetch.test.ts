// The provider answers the fetch layer reads: Retry-After in its forms, URLs shown without their keys, and a
// provider on 127.0.0.1 answering what real ones do (a Retry-After of 0, a chunked rate-limit error, a failed check).
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { Endpoint, redactUrl } from './endpoint.ts'
import { createProviderFetch, retryAfterMs } from './providerFetch.ts'

describe('retryAfterMs', () => {
  it('reads seconds, an HTTP date, or "try again in" from a message', () => {
    expect(retryAfterMs('2')).toBe(2000)
    expect(retryAfterMs('0.5')).toBe(500)
    const inFive = new Date(Date.now() + 5_000).toUTCString()
    expect(retryAfterMs(inFive)).toBeGreaterThan(3_000)
    expect(retryAfterMs(null, 'request rate limited, try again in 1s')).toBe(1000)
    expect(retryAfterMs(null, 'Too many requests, retry after 250 ms')).toBe(250)
    expect(retryAfterMs(null, 'limit exceeded')).toBeUndefined()
    expect(retryAfterMs('soon')).toBeUndefined()
  })
})

describe('redactUrl', () => {
  it.each([
    [
      'https://eth-mainnet.g.alchemy.com/v2/AbCdEf0123456789AbCdEf0123456789',
      'https://eth-mainnet.g.alchemy.com/v2/…',
    ],
    ['https://mainnet.infura.io/v3/0123456789abcdef0123456789abcdef', 'https://mainnet.infura.io/v3/…'],
    ['https://user:pass@rpc.example/path?key=secret', 'https://rpc.example/path'],
    ['https://name.quiknode.pro/4f1e2d3c4b5a69788796a5b4c3d2e1f0/', 'https://name.quiknode.pro/…/'],
    ['http://127.0.0.1:8545', 'http://127.0.0.1:8545'],
  ])('%s → %s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown)
  })
})

/** A provider on 127.0.0.1 answering each JSON-RPC method with what `answer` says, counting the calls. */
async function provider(answer: (method: string, n: number, res: ServerResponse) => void) {
  const calls: string[] = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => {
      body += c
    })
    req.on('end', () => {
      const { method } = JSON.parse(body) as { method: string }
      calls.push(method)
      answer(method, calls.filter((m) => m === method).length, res)
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
  const endpoint = new Endpoint(url, { chainId: 1, maxRequestsPerSecond: Infinity, maxBatch: 10 })
  const call = (fetch: typeof globalThis.fetch) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
    })
  return { calls, endpoint, call, close: () => new Promise((r) => server.close(r)) }
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}
const chainId = (res: ServerResponse) => json(res, 200, { jsonrpc: '2.0', id: 0, result: '0x1' })

describe('createProviderFetch', () => {
  it('behavior: a Retry-After of 0 still waits between tries, and the wait stays bounded', async () => {
    const p = await provider((method, _, res) =>
      method === 'eth_chainId'
        ? chainId(res)
        : json(res, 429, { error: 'slow down' }, { 'retry-after': '0' }),
    )
    try {
      const res = await p.call(createProviderFetch(p.endpoint, { maxWaitMs: 1_000 }))
      expect(res.status).toBe(429)
      // 250 ms at least between tries within a second: a handful, not thousands.
      expect(p.calls.filter((m) => m === 'eth_blockNumber').length).toBeLessThanOrEqual(6)
    } finally {
      await p.close()
    }
  })

  it('behavior: a rate-limit error in a chunked 200 answer (no Content-Length) is waited out and retried', async () => {
    const p = await provider((method, n, res) => {
      if (method === 'eth_chainId') return chainId(res)
      res.writeHead(200, { 'content-type': 'application/json' })
      // Written in two parts with no length: sent chunked, as behind Cloudflare.
      res.write('{"jsonrpc":"2.0","id":1,')
      res.end(
        n === 1
          ? '"error":{"code":-32005,"message":"request rate limited, try again in 300ms"}}'
          : '"result":"0x10"}',
      )
    })
    try {
      const res = await p.call(createProviderFetch(p.endpoint, { maxWaitMs: 5_000 }))
      expect(await res.json()).toMatchObject({ result: '0x10' })
      expect(p.endpoint.status().rateLimited).toBe(1)
    } finally {
      await p.close()
    }
  })

  it('default: a long chunked answer (no Content-Length) comes through whole', async () => {
    const logs = Array.from({ length: 2_000 }, (_, i) => ({
      blockNumber: `0x${i.toString(16)}`,
      data: '0x00',
    }))
    const p = await provider((method, _, res) => {
      if (method === 'eth_chainId') return chainId(res)
      res.writeHead(200, { 'content-type': 'application/json' })
      const text = JSON.stringify({ jsonrpc: '2.0', id: 1, result: logs })
      for (let i = 0; i < text.length; i += 4_096) res.write(text.slice(i, i + 4_096))
      res.end()
    })
    try {
      const res = await p.call(createProviderFetch(p.endpoint, { maxWaitMs: 1_000 }))
      expect(((await res.json()) as { result: unknown[] }).result).toEqual(logs)
    } finally {
      await p.close()
    }
  })

  it('behavior: an eth_chainId check the node fails (503) is made again, not taken for a wrong chain', async () => {
    const p = await provider((method, n, res) => {
      if (method === 'eth_chainId' && n === 1) return json(res, 503, { error: 'unavailable' })
      if (method === 'eth_chainId') return chainId(res)
      json(res, 200, { jsonrpc: '2.0', id: 1, result: '0x10' })
    })
    try {
      const fetch = createProviderFetch(p.endpoint, { maxWaitMs: 1_000, attempts: 1 })
      await expect(p.call(fetch)).rejects.toThrow(/did not answer eth_chainId \(HTTP 503\)/)
      expect(p.endpoint.status().problem?.kind).not.toBe('wrong-chain')
      expect(await (await p.call(fetch)).json()).toMatchObject({ result: '0x10' })
    } finally {
      await p.close()
    }
  })
})
