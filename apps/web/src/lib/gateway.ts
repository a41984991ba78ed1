import { setBaseUrl } from '@safe-global/safe-gateway-typescript-sdk'
import { reportGatewayAnswer, reportGatewayUnreachable } from './gatewayReach'

/**
 * Thin layer over @safe-global/safe-gateway-typescript-sdk: the SDK owns the routes and the fetch,
 * this file owns the base URL and turns SDK failures into displayable errors.
 */

let currentBaseUrl: string | undefined

/** Points the SDK at a gateway. Idempotent, so it is safe to call on every render. */
export function configureGateway(baseUrl: string): void {
  const normalized = baseUrl.replace(/\/+$/, '')
  if (normalized === currentBaseUrl) return
  currentBaseUrl = normalized
  setBaseUrl(normalized)
}

export const getGatewayBaseUrl = (): string | undefined => currentBaseUrl

/**
 * First element of every gateway query key: cached (and persisted) answers of one gateway are never
 * shown for another one that serves the same chain ids.
 */
export const gatewayScope = (): string => currentBaseUrl ?? ''

/** A failed gateway call, with the text the UI shows: 'code: message' from the server, else the status text. */
export class GatewayError extends Error {
  override name = 'GatewayError'
  readonly code: number | undefined
  constructor(message: string, options?: { code?: number | undefined; cause?: unknown }) {
    super(message, { cause: options?.cause })
    this.code = options?.code
  }
}

export const INVALID_RESPONSE_CONTENT = 'Invalid response content'

// The SDK throws `new Error('CGW error - <code>: <message>')` for an error envelope and
// `new Error('CGW error - status <statusText>')` otherwise.
const SDK_PREFIX = 'CGW error - '
const SDK_STATUS_PREFIX = `${SDK_PREFIX}status `

/** Converts anything thrown by an SDK call into a GatewayError with the seed's error text. */
export function toGatewayError(error: unknown): GatewayError {
  if (error instanceof GatewayError) return error
  if (!(error instanceof Error)) return new GatewayError(String(error), { cause: error })
  const { message } = error
  if (message.startsWith(SDK_STATUS_PREFIX)) {
    const statusText = message.slice(SDK_STATUS_PREFIX.length).trim()
    return new GatewayError(statusText || 'Request failed', { cause: error })
  }
  if (message.startsWith(SDK_PREFIX)) {
    const text = message.slice(SDK_PREFIX.length)
    const code = Number.parseInt(text, 10)
    return new GatewayError(text, { code: Number.isNaN(code) ? undefined : code, cause: error })
  }
  // fetch() rejects with a TypeError when the host is unreachable or CORS blocks the response.
  if (error.name === 'TypeError')
    return new GatewayError(`Could not reach the gateway (${message})`, { cause: error })
  if (error instanceof SyntaxError) return new GatewayError(INVALID_RESPONSE_CONTENT, { cause: error })
  return new GatewayError(message, { cause: error })
}

/** Runs an SDK call, reports whether the gateway answered, and rethrows failures as GatewayError. */
export async function gatewayCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    const result = await call()
    reportGatewayAnswer()
    return result
  } catch (error) {
    reportReach(error)
    throw toGatewayError(error)
  }
}

/** fetch() rejects with a TypeError when no answer came; an error envelope or a bad body is an answer. */
function reportReach(error: unknown): void {
  if (!(error instanceof Error)) return
  if (error.name === 'TypeError') reportGatewayUnreachable()
  else if (error.message.startsWith(SDK_PREFIX) || error instanceof SyntaxError) reportGatewayAnswer()
}

/** Displayable text for any error raised while talking to the gateway. */
export const formatGatewayError = (error: unknown): string => toGatewayError(error).message
