// Bounded concurrency for work that loads something shared (a simulation keeps the chain node busy): at most
// `concurrency` run at once, at most `maxQueued` wait, and one client has at most `perClient` running or
// waiting, so no client can make the others wait behind its work. Past a bound: 429 (this client) or 503.
import { TooManyRequestsError } from './clientBudget.ts'
import { HttpError } from './errors.ts'

export type WorkQueueSettings = { concurrency: number; maxQueued: number; perClient: number }

export function createWorkQueue(what: string, settings: WorkQueueSettings) {
  let running = 0
  const waiting: (() => void)[] = []
  const held = new Map<string, number>()

  const release = (client: string) => {
    const left = (held.get(client) ?? 1) - 1
    if (left > 0) held.set(client, left)
    else held.delete(client)
    const next = waiting.shift()
    if (next) next()
    else running--
  }

  return {
    /** Runs `work` when a place is free; refuses at once when the client or the queue is full. */
    async run<T>(client: string, work: () => Promise<T>): Promise<T> {
      if ((held.get(client) ?? 0) >= settings.perClient)
        throw new TooManyRequestsError(
          `Too many requests: at most ${settings.perClient} ${what} per client at a time`,
          1,
        )
      if (running >= settings.concurrency && waiting.length >= settings.maxQueued)
        throw new HttpError(503, `Too many ${what} under way, try again shortly`)
      held.set(client, (held.get(client) ?? 0) + 1)
      if (running < settings.concurrency) running++
      else await new Promise<void>((resolve) => waiting.push(resolve))
      try {
        return await work()
      } finally {
        release(client)
      }
    },
    /** Running and waiting work, for tests and metrics. */
    load: () => ({ running, waiting: waiting.length }),
  }
}
