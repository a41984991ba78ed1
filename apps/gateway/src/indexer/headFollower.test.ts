import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RetryableError } from '../errors/GatewayError.ts'
import { createHeadFollower } from './headFollower.ts'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A follower polling every 100 ms whose syncs fail `failing` times, then succeed. */
const follower = (failing: number) => {
  const at: number[] = []
  const errors: [string, string][] = []
  const f = createHeadFollower({
    pollingInterval: 100,
    subscribedPollingInterval: 1_000,
    maxBackoff: 500,
    isSyncing: () => false,
    sync: async () => {
      at.push(Date.now())
      if (at.length <= failing) throw new RetryableError(`node down (${at.length})`)
    },
    onError: (error, source) => errors.push([(error as Error).message, source]),
  })
  return { f, at, errors }
}

describe('createHeadFollower', () => {
  it('behavior: failed syncs are retried with exponential backoff up to maxBackoff, then the usual interval', async () => {
    const { f, at, errors } = follower(4)
    const start = Date.now()
    f.start()
    await vi.advanceTimersByTimeAsync(2_000)
    await f.stop()
    // Failures at 0, +100, +200, +400, capped at +500 (not 800); then success, then polling every 100 ms.
    expect(at.slice(0, 6).map((t) => t - start)).toEqual([0, 100, 300, 700, 1200, 1300])
    expect(errors[0]).toEqual(['node down (1)', 'sync'])
    expect(errors).toHaveLength(4)
    expect(f.lastError()).toBeUndefined()
    expect(f.failures()).toBe(0)
  })

  it('behavior: poke() syncs at once, even during a backoff', async () => {
    const { f, at } = follower(10)
    f.start()
    await vi.advanceTimersByTimeAsync(150) // failures at 0 and 100: next try due at 300
    expect(at).toHaveLength(2)
    expect(f.failures()).toBe(2)
    expect(f.lastError()).toBe('node down (2)')
    f.poke()
    await vi.advanceTimersByTimeAsync(0)
    expect(at).toHaveLength(3)
    await f.stop()
  })
})
