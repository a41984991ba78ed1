// In-memory backoff for metadata reads that failed for reasons outside the token (RPC transport errors, a
// metadata host's 5xx or timeout). Kept per index store, so it lasts as long as the process follows the chain;
// a restart simply tries everything again.

export const RETRY = {
  /** Wait after the first failure; doubled after each further one. */
  firstDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  /** Transient failures of a tokenURI document before its last error is stored as final. */
  documentAttempts: 5,
} as const

export type RetryBook = {
  /** Whether `key` may be tried now (never failed, or its wait is over). */
  due(key: string): boolean
  /** Records a failure and returns how many there have been. */
  failed(key: string): number
  /** Forgets `key` (read, or given up on). */
  clear(key: string): void
  /** Keys currently waiting. */
  readonly size: number
}

export function createRetryBook(now: () => number = Date.now): RetryBook {
  const entries = new Map<string, { failures: number; notBefore: number }>()
  return {
    due: (key) => (entries.get(key)?.notBefore ?? 0) <= now(),
    failed(key) {
      const failures = (entries.get(key)?.failures ?? 0) + 1
      const delay = Math.min(RETRY.firstDelayMs * 2 ** (failures - 1), RETRY.maxDelayMs)
      entries.set(key, { failures, notBefore: now() + delay })
      return failures
    },
    clear: (key) => void entries.delete(key),
    get size() {
      return entries.size
    },
  }
}
