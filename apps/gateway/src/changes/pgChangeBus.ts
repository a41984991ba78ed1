// The change bus of a gateway process on PostgreSQL: every publish is delivered here in memory and sent to
// the other processes with NOTIFY; a dedicated connection LISTENs for theirs. Each process tags what it sends,
// so it skips its own notifications (delivered once, locally) and hands the others' on as `local: false`.

import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { log as rootLog } from '../log/logger.ts'
import { type Change, type ChangeBus, type ChangeListener, createLocalChangeBus } from './changeBus.ts'

export const CHANNEL = 'concord_changes'
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; keep a margin for the envelope. */
const MAX_PAYLOAD = 7900

type Envelope = { o: string; c: Change }

export type PgChangeBusOptions = {
  connectionString: string
  /** Sends the NOTIFYs (the store's pool); the bus opens only its LISTEN connection itself. */
  pool: pg.Pool
  /** First reconnect delay of the LISTEN connection (ms), doubled up to 10 s. */
  reconnectDelay?: number
  log?: (message: string) => void
}

export type PgChangeBus = ChangeBus & { onGap(listener: () => void): () => void; listening(): boolean }

export async function createPgChangeBus(options: PgChangeBusOptions): Promise<PgChangeBus> {
  const log = options.log ?? ((m) => rootLog.warn({ module: 'changes' }, m))
  const origin = randomUUID()
  const local = createLocalChangeBus()
  const remoteListeners = new Set<ChangeListener>()
  const gapListeners = new Set<() => void>()
  let client: pg.Client | undefined
  let closed = false
  let retry: NodeJS.Timeout | undefined
  let delay = options.reconnectDelay ?? 500

  const deliverRemote = (change: Change) => {
    for (const listener of remoteListeners) {
      try {
        listener(change, { local: false })
      } catch (error) {
        log(`change listener failed on ${change.type}: ${(error as Error).message}`)
      }
    }
  }

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: options.connectionString })
    c.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return
      try {
        const envelope = JSON.parse(message.payload) as Envelope
        if (envelope.o !== origin) deliverRemote(envelope.c)
      } catch {
        log(`change bus: unreadable notification ignored: ${message.payload.slice(0, 100)}`)
      }
    })
    // A dropped connection (server restart, terminated backend): say so and listen again.
    const lost = (reason: string) => {
      if (client !== c) return
      client = undefined
      c.removeAllListeners('end')
      c.end().catch(() => {})
      if (closed) return
      log(`change bus: LISTEN connection lost (${reason}), reconnecting`)
      schedule()
    }
    c.on('error', (error) => lost(error.message))
    c.on('end', () => lost('closed'))
    await c.connect()
    await c.query(`listen ${CHANNEL}`)
    client = c
  }

  const schedule = () => {
    clearTimeout(retry)
    retry = setTimeout(async () => {
      try {
        await connect()
        log('change bus: listening again; remote changes in between may be missed')
        delay = options.reconnectDelay ?? 500
        for (const listener of gapListeners) listener()
      } catch (error) {
        log(`change bus: reconnect failed: ${(error as Error).message}`)
        delay = Math.min(delay * 2, 10_000)
        schedule()
      }
    }, delay)
  }

  await connect()

  /**
   * NOTIFYs go out in batches, one query for what was published in the same turn of the event loop (a window
   * of a backfill publishes thousands: one query each kept the pool and the server busy with round trips), one
   * batch after the other in publishing order, each with a few retries: a transient failure of the pool must
   * not lose the changes for the others. (PostgreSQL delivers identical payloads of one transaction once: a
   * change published twice in one turn is heard once, which changes nothing for its listeners.)
   */
  let pending: { payload: string; type: string }[] = []
  let sending: Promise<void> = Promise.resolve()
  let queued = false
  const BATCH = 500

  async function send(batch: { payload: string; type: string }[]) {
    for (let attempt = 1; ; attempt++) {
      try {
        await options.pool.query('select pg_notify($1, payload) from unnest($2::text[]) as payload', [
          CHANNEL,
          batch.map((n) => n.payload),
        ])
        return
      } catch (error) {
        if (closed) return
        if (attempt >= 4) {
          const types = [...new Set(batch.map((n) => n.type))].join(', ')
          log(`change bus: NOTIFY of ${batch.length} changes (${types}) failed: ${(error as Error).message}`)
          return
        }
        await new Promise((r) => setTimeout(r, 100 * 2 ** attempt))
      }
    }
  }

  const notify = (payload: string, type: string) => {
    pending.push({ payload, type })
    if (queued) return
    queued = true
    setImmediate(() => {
      queued = false
      const all = pending
      pending = []
      for (let i = 0; i < all.length; i += BATCH) {
        const batch = all.slice(i, i + BATCH)
        sending = sending.then(() => send(batch))
      }
    })
  }

  return {
    publish(change) {
      local.publish(change)
      let parts: Change[]
      try {
        parts = splitForNotify(change)
      } catch (error) {
        log(`change bus: ${(error as Error).message}; other processes will not hear it`)
        return
      }
      for (const part of parts) notify(JSON.stringify({ o: origin, c: part }), change.type)
    },
    subscribe(listener) {
      const offLocal = local.subscribe(listener)
      remoteListeners.add(listener)
      return () => {
        offLocal()
        remoteListeners.delete(listener)
      }
    },
    onGap(listener) {
      gapListeners.add(listener)
      return () => gapListeners.delete(listener)
    },
    listening: () => client !== undefined,
    async close() {
      closed = true
      clearTimeout(retry)
      remoteListeners.clear()
      gapListeners.clear()
      const c = client
      client = undefined
      await c?.end().catch(() => {})
      await local.close()
    },
  }
}

/**
 * One change as NOTIFY payloads under the limit: a BLOCK_INDEXED touching many Safes becomes several, each
 * with part of the list; every other change is small by construction (hashes and addresses).
 */
export function splitForNotify(change: Change): Change[] {
  const size = (c: Change) =>
    Buffer.byteLength(JSON.stringify({ o: '00000000-0000-0000-0000-000000000000', c }))
  if (size(change) <= MAX_PAYLOAD) return [change]
  if (change.type !== 'BLOCK_INDEXED') throw new Error(`${change.type} is too large for NOTIFY`)
  // An address is 42 characters plus quotes and a comma.
  const perPart = Math.floor((MAX_PAYLOAD - size({ ...change, safes: [] })) / 45)
  const parts: Change[] = []
  for (let i = 0; i < change.safes.length; i += perPart)
    parts.push({ ...change, safes: change.safes.slice(i, i + perPart) })
  return parts
}
