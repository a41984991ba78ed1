// The gateway's one error story, after viem's BaseError: a `shortMessage` (what the API returns and a log line
// leads with), optional `details` (for logs, never for clients), the `cause` it wraps, and whether trying the
// same thing again can succeed (`retryable`). Unlike viem, `message` stays the short message alone: 4xx bodies
// are `{code, message}` and their texts are part of the spec, so details never leak into them.
// Named GatewayError rather than BaseError: the files that classify errors import viem's BaseError too.

export type GatewayErrorOptions = {
  /** What a log needs beyond the short message (a node's answer, the offending value). */
  details?: string
  cause?: unknown
  /** Whether the same operation may succeed later (a node down, a rate limit); default false. */
  retryable?: boolean
}

export class GatewayError extends Error {
  override name = 'GatewayError'
  readonly shortMessage: string
  readonly details: string | undefined
  readonly retryable: boolean

  constructor(shortMessage: string, options: GatewayErrorOptions = {}) {
    super(shortMessage, options.cause === undefined ? undefined : { cause: options.cause })
    this.shortMessage = shortMessage
    this.details = options.details
    this.retryable = options.retryable ?? false
  }

  /** The first error along the cause chain (this one included) that `match` accepts, like viem's walk. */
  walk(match: (error: unknown) => boolean): unknown {
    return walkCauses(this, match)
  }
}

/** A failure that says nothing about the input: the node, the network or a rate limit. Try again later. */
export class RetryableError extends GatewayError {
  override name = 'RetryableError'
  constructor(shortMessage: string, options: Omit<GatewayErrorOptions, 'retryable'> = {}) {
    super(shortMessage, { ...options, retryable: true })
  }
}

/** A deterministic failure (bad data, an impossible decode): the same input fails the same way again. */
export class FatalError extends GatewayError {
  override name = 'FatalError'
  constructor(shortMessage: string, options: Omit<GatewayErrorOptions, 'retryable'> = {}) {
    super(shortMessage, { ...options, retryable: false })
  }
}

/** The first error in `error`'s cause chain that `match` accepts (bounded: a cause cycle ends the walk). */
export function walkCauses(error: unknown, match: (error: unknown) => boolean): unknown {
  let current = error
  for (let depth = 0; depth < 16 && current !== undefined && current !== null; depth++) {
    if (match(current)) return current
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** One line for a log: the short message (first line of a foreign error's message), then the details. */
export function describeError(error: unknown): string {
  if (error instanceof GatewayError)
    return error.details ? `${error.shortMessage}: ${error.details}` : error.shortMessage
  const short = (error as { shortMessage?: unknown })?.shortMessage
  if (typeof short === 'string') return short
  if (error instanceof Error) return error.message.split('\n')[0] ?? error.name
  return String(error)
}
