// Client errors a handler may throw; createApp.ts (the app tier) turns them into `{code, message}` bodies.
import { GatewayError, type GatewayErrorOptions } from '../errors/GatewayError.ts'

export class HttpError extends GatewayError {
  override name = 'HttpError'
  constructor(
    readonly status: 400 | 404 | 409 | 413 | 422 | 429 | 451 | 503,
    message: string,
    options: Omit<GatewayErrorOptions, 'retryable'> = {},
  ) {
    // A 429 or 503 may be answered differently later; any other 4xx says the request itself is wrong.
    super(message, { ...options, retryable: status === 429 || status === 503 })
  }
}

export class NotFoundError extends HttpError {
  override name = 'NotFoundError'
  constructor(message: string) {
    super(404, message)
  }
}

/** A 401 (no valid session), 403 (not allowed) or 429 of Sign-In with Ethereum, answered as `{code, message}`. */
export class AuthError extends GatewayError {
  override name = 'AuthError'
  constructor(
    readonly status: 401 | 403 | 429,
    message: string,
  ) {
    super(message, { retryable: status === 429 })
  }
}
