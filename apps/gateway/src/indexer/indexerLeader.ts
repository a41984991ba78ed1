// Which gateway process indexes a chain when several share one PostgreSQL: the one holding the chain's
// session-level advisory lock on its own connection. When that process dies, the server ends its session,
// the lock is free, and a follower's next attempt (every `retryMs`) takes it: the new leader resumes from the
// committed cursor. PGlite has one process, which always leads (createGateway never calls this there).

import pg from 'pg'
import { log as rootLog } from '../log/logger.ts'

export type IndexerLeadershipOptions = {
  connectionString: string
  chainIds: readonly number[]
  /** This process now holds the chain's lock: start indexing it. */
  onElected(chainId: number): void
  /** The lock connection is gone (so may the lock be): stop indexing before anyone retries. */
  onDeposed(chainId: number): Promise<void>
  /** How often followers try the lock and the leader checks its connection (ms). */
  retryMs?: number
  log?: (message: string) => void
}

export type IndexerLeadership = {
  /** Chains this process indexes now. */
  leading(): number[]
  /** Releases every lock (ending the session); the caller stops its indexers first. */
  stop(): Promise<void>
}

/** The lock key: hashed with a prefix so it collides neither with other chains nor with the migration lock. */
const LOCK_KEY_SQL = `hashtextextended('concord:indexer:' || $1::text, 0)`

export function electIndexerLeaders(options: IndexerLeadershipOptions): IndexerLeadership {
  const retryMs = options.retryMs ?? 1500
  const log = options.log ?? ((m) => rootLog.warn({ module: 'indexerLeader' }, m))
  const held = new Set<number>()
  let client: pg.Client | undefined
  let timer: NodeJS.Timeout | undefined
  let stopped = false
  let running: Promise<void> | undefined

  /** `from`: the connection that failed; an old one's late events must not depose a newer session. */
  const depose = async (reason: string, from = client) => {
    if (from !== client) return
    const c = client
    client = undefined
    c?.removeAllListeners('end')
    c?.end().catch(() => {})
    if (!held.size) return
    log(`indexer leadership lost (${reason}) for chains ${[...held].join(', ')}`)
    const chains = [...held]
    held.clear()
    await Promise.all(chains.map((id) => options.onDeposed(id).catch(() => {})))
  }

  async function attempt() {
    if (!client) {
      // query_timeout: a half-open connection must count as lost, not hang the check forever.
      const c = new pg.Client({
        connectionString: options.connectionString,
        query_timeout: 5000,
        keepAlive: true,
      })
      c.on('error', (error) => void depose(error.message, c))
      c.on('end', () => void depose('connection closed', c))
      try {
        await c.connect()
      } catch (error) {
        c.removeAllListeners()
        c.on('error', () => {})
        await c.end().catch(() => {})
        throw error
      }
      client = c
    }
    const c = client
    const free = options.chainIds.filter((id) => !held.has(id))
    if (!free.length) await c.query('select 1')
    for (const chainId of free) {
      const { rows } = await c.query<{ ok: boolean }>(`select pg_try_advisory_lock(${LOCK_KEY_SQL}) as ok`, [
        chainId,
      ])
      if (!rows[0]?.ok || stopped) continue
      held.add(chainId)
      log(`indexing chain ${chainId} (leader)`)
      options.onElected(chainId)
    }
  }

  const tick = () => {
    running = attempt()
      .catch((error) => depose((error as Error).message))
      .finally(() => {
        running = undefined
        if (!stopped) timer = setTimeout(tick, retryMs)
      })
  }
  tick()

  return {
    leading: () => [...held],
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
      held.clear()
      const c = client
      client = undefined
      c?.removeAllListeners()
      c?.on('error', () => {})
      await c?.end().catch(() => {})
    },
  }
}
