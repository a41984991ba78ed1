// Reads a server-sent-event stream (a Response from app.request or fetch) for tests and benchmarks:
// events arrive in order; `next` waits for the first one matching a predicate.

export type SseEvent = { event: string; data: string; at: number }

export type SseReader = {
  /** Every event received so far. */
  events: SseEvent[]
  /** Heartbeat comments received so far. */
  comments: number
  /** The first event from index `from` on (default: not yet returned by next) matching `match`. */
  next(match?: (e: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>
  /** Resolves when the server ends the stream. */
  ended: Promise<void>
  close(): Promise<void>
}

export function readSse(res: Response): SseReader {
  if (!res.body) throw new Error(`no body (status ${res.status})`)
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  const events: SseEvent[] = []
  const waiters = new Set<() => void>()
  let cursor = 0
  let buffer = ''
  let comments = 0
  let done = false
  const ended = (async () => {
    try {
      for (;;) {
        const { value, done: end } = await reader.read()
        if (end) break
        buffer += value
        for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, i)
          buffer = buffer.slice(i + 2)
          if (block.startsWith(':')) {
            comments++
            continue
          }
          const event = { event: 'message', data: '', at: performance.now() }
          const data: string[] = []
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event.event = line.slice(7)
            else if (line.startsWith('data: ')) data.push(line.slice(6))
          }
          event.data = data.join('\n')
          events.push(event)
          for (const wake of waiters) wake()
        }
      }
    } catch {
      // cancelled by close()
    } finally {
      done = true
      for (const wake of waiters) wake()
    }
  })()

  return {
    events,
    get comments() {
      return comments
    },
    ended,
    next(match = () => true, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          for (; cursor < events.length; cursor++) {
            const e = events[cursor] as SseEvent
            if (match(e)) {
              cursor++
              cleanup()
              resolve(e)
              return
            }
          }
          if (done) {
            cleanup()
            reject(new Error('the stream ended'))
          }
        }
        const timer = setTimeout(() => {
          cleanup()
          reject(new Error(`no matching event within ${timeoutMs} ms (got ${events.map((e) => e.event)})`))
        }, timeoutMs)
        const cleanup = () => {
          clearTimeout(timer)
          waiters.delete(check)
        }
        waiters.add(check)
        check()
      })
    },
    async close() {
      await reader.cancel().catch(() => {})
      await ended
    },
  }
}
