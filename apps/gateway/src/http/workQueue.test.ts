import { describe, expect, it } from 'vitest'
import { createWorkQueue } from './workQueue.ts'

/** Work that finishes when the test says so. */
function gate() {
  let open: () => void = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { open, work: () => opened.then(() => 'done') }
}

describe('createWorkQueue', () => {
  it('runs at most `concurrency` at once, queues the rest in order, and refuses past the queue (503)', async () => {
    const queue = createWorkQueue('simulations', { concurrency: 2, maxQueued: 1, perClient: 5 })
    const gates = [gate(), gate(), gate()]
    const order: number[] = []
    const runs = gates.map((g, i) => queue.run(`c${i}`, () => g.work().then(() => order.push(i))))
    expect(queue.load()).toEqual({ running: 2, waiting: 1 })
    await expect(queue.run('c9', async () => 1)).rejects.toMatchObject({
      status: 503,
      message: 'Too many simulations under way, try again shortly',
    })
    gates[1]?.open()
    await runs[1]
    expect(queue.load()).toEqual({ running: 2, waiting: 0 })
    gates[2]?.open()
    gates[0]?.open()
    await Promise.all(runs)
    // The queued one ran only after a running one finished.
    expect(order.indexOf(2)).toBeGreaterThan(order.indexOf(1))
    expect(queue.load()).toEqual({ running: 0, waiting: 0 })
  })

  it('a client has at most `perClient` running or waiting (429), others are not held back', async () => {
    const queue = createWorkQueue('simulations', { concurrency: 1, maxQueued: 10, perClient: 2 })
    const gates = [gate(), gate()]
    const mine = gates.map((g) => queue.run('me', g.work))
    await expect(queue.run('me', async () => 1)).rejects.toMatchObject({
      status: 429,
      message: 'Too many requests: at most 2 simulations per client at a time',
    })
    const theirs = queue.run('them', async () => 'theirs')
    for (const g of gates) g.open()
    expect(await Promise.all([...mine, theirs])).toEqual(['done', 'done', 'theirs'])
    // A failed run frees its place too.
    await expect(queue.run('me', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(queue.load()).toEqual({ running: 0, waiting: 0 })
  })
})
