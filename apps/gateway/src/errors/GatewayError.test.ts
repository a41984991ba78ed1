import { HttpRequestError, LimitExceededRpcError, RpcRequestError, TimeoutError } from 'viem'
import { describe, expect, it } from 'vitest'
import { describeError, FatalError, GatewayError, RetryableError } from './GatewayError.ts'
import { isNodeUnavailable, isRetryable } from './retryable.ts'

describe('GatewayError', () => {
  it('default: the message is the short message alone; details, cause and name are kept beside it', () => {
    const cause = new Error('socket hang up')
    const error = new GatewayError('window 10-20 failed', { details: 'node said no', cause })
    expect(error.message).toBe('window 10-20 failed')
    expect(error.shortMessage).toBe('window 10-20 failed')
    expect(error.details).toBe('node said no')
    expect(error.cause).toBe(cause)
    expect(error.name).toBe('GatewayError')
    expect(error.retryable).toBe(false)
    expect(error).toBeInstanceOf(Error)
    expect(describeError(error)).toBe('window 10-20 failed: node said no')
  })

  it('behavior: RetryableError and FatalError fix the flag and their names', () => {
    const retry = new RetryableError('node lagging')
    const fatal = new FatalError('undecodable')
    expect([retry.name, retry.retryable]).toEqual(['RetryableError', true])
    expect([fatal.name, fatal.retryable]).toEqual(['FatalError', false])
    expect(retry).toBeInstanceOf(GatewayError)
    expect(new GatewayError('x').cause).toBeUndefined()
    expect('cause' in new GatewayError('x')).toBe(false)
  })

  it('behavior: walk finds an error along the cause chain, and stops on a cycle', () => {
    const inner = new TypeError('bad')
    const error = new GatewayError('outer', { cause: new Error('middle', { cause: inner }) })
    expect(error.walk((e) => e instanceof TypeError)).toBe(inner)
    const a = new Error('a') as Error & { cause?: unknown }
    a.cause = a
    expect(new GatewayError('x', { cause: a }).walk((e) => e instanceof TypeError)).toBeUndefined()
  })
})

const rpcError = (status: number | undefined) =>
  new RpcRequestError({
    body: {},
    error: { code: -32005, message: 'limit exceeded' },
    url: 'http://n',
    status,
  })

describe('isRetryable', () => {
  const network = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })
  it.each([
    ['a RetryableError', new RetryableError('later'), true],
    ['a FatalError', new FatalError('never'), false],
    ['a plain Error', new Error('bug'), false],
    ['a refused connection', new Error('fetch failed', { cause: network }), true],
    ['a lost PostgreSQL connection', Object.assign(new Error('terminating'), { code: '57P01' }), true],
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' }), false],
    ['an HTTP 503 from the node', new HttpRequestError({ url: 'http://n', status: 503 }), true],
    ['an HTTP 400 from the node', new HttpRequestError({ url: 'http://n', status: 400 }), false],
    ['a viem timeout', new TimeoutError({ body: {}, url: 'http://n' }), true],
    // viem keeps a JSON-RPC error body of a non-2xx answer as an RpcRequestError with its status.
    ['an HTTP 429 with a JSON-RPC error', new LimitExceededRpcError(rpcError(429)), true],
    ['an HTTP 503 with a JSON-RPC error', rpcError(503), true],
    ['a -32005 in a 200 answer (a getLogs cap)', new LimitExceededRpcError(rpcError(undefined)), false],
  ])('%s: %s', (_, error, expected) => {
    expect(isRetryable(error)).toBe(expected)
  })

  it('behavior: our own verdict inside a transport error wins (a node serving the wrong chain is fatal)', () => {
    const wrapped = new HttpRequestError({ url: 'http://n', cause: new FatalError('serves chain 5, not 1') })
    expect(isNodeUnavailable(wrapped)).toBe(true)
    expect(isRetryable(wrapped)).toBe(false)
  })
})
