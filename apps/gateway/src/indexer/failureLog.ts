// The indexer's failures (a sync's, token metadata's, the head subscription's): each one counted and logged.

import { describeError } from '../errors/GatewayError.ts'
import { isRetryable } from '../errors/retryable.ts'
import type { Logger } from '../log/logger.ts'

/**
 * Every failure is counted and logged; the same message again (a node down for an hour) at debug level only.
 * Retryable ones (node, network, rate limits past the waits) are warnings. A fatal one (deterministic: bad data, a
 * bug) is an error, yet its window is not skipped: the cursor never passes blocks it has not indexed, so the
 * follower keeps retrying it with backoff until the cause is fixed (e.g. a node or a gateway upgrade).
 */
export function createFailureLog(logger: Logger, onError?: (error: unknown) => void) {
  const counts = { retryable: 0, fatal: 0 }
  let lastLogged: string | undefined
  /** What failed of the work beside following, by name, until it succeeds. */
  const held = new Map<string, string>()
  function failed(what: string, error: unknown): string {
    const retryable = isRetryable(error)
    if (retryable) counts.retryable++
    else counts.fatal++
    const message = `${what} failed: ${describeError(error)}`
    const level = message === lastLogged ? 'debug' : retryable ? 'warn' : 'error'
    lastLogged = message
    logger[level]({ err: error, retryable, failures: counts }, message)
    onError?.(error)
    return message
  }
  return {
    failed,
    /**
     * Work beside following (a watched Safe's backfill, calls left to read): its failure is counted, logged and
     * answered with `fallback`, so new blocks are still followed for every other Safe; the next sync tries again.
     */
    async beside<T>(what: string, work: () => Promise<T>, fallback: T): Promise<T> {
      try {
        const result = await work()
        held.delete(what)
        return result
      } catch (error) {
        held.set(what, failed(what, error))
        return fallback
      }
    },
    /** The first failure of the work beside following that has not succeeded since. */
    held: (): string | undefined => held.values().next().value,
    /** Failures since start: retryable (node, network) and fatal (deterministic). */
    counts: () => ({ ...counts }),
  }
}
