// Whether an error is worth retrying: the gateway's own errors say so (`retryable`); foreign ones are judged
// by what they are. Transient means the failure says nothing about the request: the chain node or the network
// failed, timed out or rate-limited. Everything else (bad data, a decode that cannot work, a bug) is fatal:
// the same input fails the same way again.
import {
  HttpRequestError,
  RpcRequestError,
  SocketClosedError,
  TimeoutError,
  BaseError as ViemError,
  WebSocketRequestError,
} from 'viem'
import { GatewayError, walkCauses } from './GatewayError.ts'

/** Node.js and undici network failures (connection refused/reset, DNS hiccups, socket timeouts). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
])

/** PostgreSQL SQLSTATEs of a lost connection, a shutdown or a serialization conflict: retried as they are. */
const TRANSIENT_SQLSTATE = /^(08...|57P0[123]|40001|40P01|53300)$/

/**
 * An HTTP answer that failed as a whole: no answer, a rate limit (429) or a server error (5xx). viem raises it
 * as an HttpRequestError, or as an RpcRequestError carrying the status when the body was a JSON-RPC error (a
 * provider's 429 or 503 with `{"error": …}`), which is then no answer about the query.
 */
export const isFailedHttpAnswer = (e: unknown): boolean =>
  (e instanceof HttpRequestError && (e.status === undefined || e.status === 429 || e.status >= 500)) ||
  (e instanceof RpcRequestError && e.status !== undefined && (e.status === 429 || e.status >= 500))

/**
 * A chain node (or its network) failed, timed out or rate-limited past the waits: a viem transport error along
 * the chain. Not JSON-RPC errors such as -32005 in a 200 answer: providers use it for eth_getLogs range caps too,
 * which are answers about the query (the chain reader shrinks its window), not a node in trouble.
 */
export const isNodeUnavailable = (error: unknown): boolean =>
  error instanceof ViemError &&
  !!error.walk(
    (e) =>
      isFailedHttpAnswer(e) ||
      e instanceof TimeoutError ||
      e instanceof WebSocketRequestError ||
      e instanceof SocketClosedError,
  )

/** Whether the operation that threw `error` may succeed if tried again later. */
export function isRetryable(error: unknown): boolean {
  // The gateway's own verdict wins, wherever it sits in the chain (viem wraps what our fetch throws).
  const own = walkCauses(error, (e) => e instanceof GatewayError) as GatewayError | undefined
  if (own) return own.retryable
  if (isNodeUnavailable(error)) return true
  return !!walkCauses(error, (e) => {
    if (!(e instanceof Error)) return false
    if (e.name === 'TimeoutError' || e.name === 'AbortError') return true
    const code = (e as { code?: unknown }).code
    return typeof code === 'string' && (NETWORK_CODES.has(code) || TRANSIENT_SQLSTATE.test(code))
  })
}
