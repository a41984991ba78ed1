// The provider answers the fetch layer reads: Retry-After in its forms, and URLs shown without their keys.
import { describe, expect, it } from 'vitest'
import { redactUrl } from './endpoint.ts'
import { retryAfterMs } from './providerFetch.ts'

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
