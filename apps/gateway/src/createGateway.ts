// Wires one gateway process: store → chain configuration → HTTP app (→ indexer, in a later step).

import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { type ChangeBus, createLocalChangeBus } from './changes/changeBus.ts'
import type { Config } from './config/config.ts'
import { createApp } from './createApp.ts'
import { createDatabase, type Store } from './db/createDatabase.ts'
import { createIndexer, type Indexer, type IndexerOptions } from './indexer/createIndexer.ts'
import type { IndexerLeadership } from './indexer/indexerLeader.ts'
import { createMetadataFetch } from './indexer/tokenMetadata.ts'
import { log, setLogLevel } from './log/logger.ts'
import { createPriceSource } from './modules/balances/priceSource.ts'
import { chainShortName, publicRpcUrl } from './modules/chains/chains.mapper.ts'
import { createChainsRepository } from './modules/chains/chains.repository.ts'
import { createLiveHub, type LiveLimits } from './modules/live/liveStreams.ts'
import { startNotifications } from './modules/notifications/startNotifications.ts'
import { type RecoveryWatcher, watchRecoveries } from './modules/recovery/recoveryWatcher.ts'
import { createRpcClients } from './rpc/rpcClient.ts'
import { createWebRoutes, describeWebBuild, loadWebBuild } from './web/serveWeb.ts'

export type Gateway = {
  app: ReturnType<typeof createApp>
  /** The database behind it (tests read and seed it directly). */
  store: Store
  /** Committed changes of this process (and, on PostgreSQL, of the others). */
  changes: ChangeBus
  /** One indexer per configured chain, by chain id (started when config.indexer is on). */
  indexers: Map<number, Indexer>
  /** Announces recoveries queued on the Safes' Delay modifiers (RECOVERY_PROPOSED). */
  recoveries: RecoveryWatcher
  /** Chains this process indexes now: all with PGlite, those whose leader lock it holds on PostgreSQL. */
  indexing(): number[]
  /** Origin the gateway listens on, e.g. http://127.0.0.1:3000 (after listen()). */
  url: string
  listen(): Promise<string>
  stop(): Promise<void>
}

export type GatewayOptions = IndexerOptions & {
  /** Limits of the live-update streams (tests lower them). */
  live?: Partial<LiveLimits>
  /** How often a follower tries to take over a chain's indexing on PostgreSQL (ms). */
  leaderRetryMs?: number
  /**
   * A store opened already (createDatabase with this config's databaseUrl and dataDir), e.g. while a devnet was
   * starting; the gateway owns it from then on and closes it on stop. Default: opened here.
   */
  store?: Store
}

export async function createGateway(config: Config, options: GatewayOptions = {}): Promise<Gateway> {
  const { live: liveLimits, leaderRetryMs, store: openStore, ...indexerOptions } = options
  setLogLevel(config.logLevel)
  const store = openStore ?? (await createDatabase(config))
  await createChainsRepository(store.db).sync(config.chains)

  const devnet = config.chains.find((c) => c.devnet)
  const devnetChainIds = config.chains.filter((c) => c.devnet).map((c) => String(c.chainId))
  const webBuild = config.webDir ? loadWebBuild(config.webDir) : undefined
  // The digest of what this gateway serves, to compare with the published build's.
  if (webBuild) log.info({ module: 'web' }, describeWebBuild(webBuild))
  const web = webBuild
    ? createWebRoutes(
        webBuild,
        {
          gatewayUrl: '',
          walletConnectProjectId: config.walletConnectProjectId ?? null,
          devnetChainId: devnet ? String(devnet.chainId) : null,
          // The Devnet wallet serves each of them (one devnet keeps the config as it was).
          ...(devnetChainIds.length > 1 ? { devnetChainIds } : {}),
        },
        {
          frameAncestors: config.frameAncestors,
          // The chains' public RPCs, which may be plain http (a devnet): https ones are allowed anyway.
          connectTo: config.chains.flatMap((c) => publicRpcUrl(c) ?? []),
          // The Apps page frames the listed Safe Apps (bundled ones come from this origin).
          frameSources: config.safeApps.map((app) => app.url),
          customApps: config.customSafeApps
            ? { https: true, loopbackHttp: /^(127\.\d+\.\d+\.\d+|localhost|::1|\[::1\])$/.test(config.host) }
            : undefined,
        },
        {
          // Deep links name their chain by these (the hints for a Safe's first screen).
          chains: config.chains.map((c) => ({ chainId: String(c.chainId), shortName: chainShortName(c) })),
        },
      )
    : undefined
  let lastPriceError: string | undefined
  const priceSource = createPriceSource(config.priceSource, config.fiatRates, (error) => {
    const message = (error as Error).message
    // Once per distinct message: a price API that is down fails every request.
    if (message !== lastPriceError) log.warn({ module: 'prices', err: error }, message)
    lastPriceError = message
  })
  // On PostgreSQL every process hears every other's changes (LISTEN/NOTIFY); PGlite is one process.
  // (Loaded only then: pg and the LISTEN/NOTIFY code cost PGlite-only processes ~15 MB.)
  const changes: ChangeBus = store.postgres
    ? await (await import('./changes/pgChangeBus.ts')).createPgChangeBus({
        connectionString: store.postgres.url,
        pool: store.postgres.pool,
      })
    : createLocalChangeBus()
  const live = createLiveHub(changes, liveLimits)
  const indexing = new Set<number>()
  const app = createApp({
    store,
    changes,
    live,
    indexing: () => [...indexing],
    onWatched: (chainId) => indexers.get(chainId)?.nudge(),
    web,
    abis: config.abis,
    fiatRates: config.fiatRates,
    priceSource,
    adminToken: config.adminToken,
    http: {
      maxBodyBytes: config.maxBodyBytes,
      trustProxy: config.trustProxy,
      corsOrigins: config.corsOrigins,
      corsAnyOrigin: config.corsAnyOrigin,
      clientLimits: config.clientLimits,
    },
    site: {
      ...config,
      publicUrl: () => config.publicUrl ?? (gateway.url || `http://${config.host}:${config.port}`),
    },
  })

  const indexers = new Map<number, Indexer>()
  const metadataFetch = createMetadataFetch({ allowPrivateHosts: config.metadataPrivateHosts })
  for (const chain of config.chains) {
    // The indexer logs its own failures (counted, classified retryable or fatal).
    const indexer = createIndexer(store.db, chain, {
      ...indexerOptions,
      fetch: indexerOptions.fetch ?? metadataFetch,
      changes,
    })
    indexers.set(chain.chainId, indexer)
  }
  let leadership: IndexerLeadership | undefined
  if (config.indexer && store.postgres && indexers.size)
    // Several processes may share this database: exactly one indexes each chain.
    leadership = (await import('./indexer/indexerLeader.ts')).electIndexerLeaders({
      connectionString: store.postgres.url,
      chainIds: [...indexers.keys()],
      retryMs: leaderRetryMs,
      onElected(chainId) {
        indexing.add(chainId)
        indexers.get(chainId)?.start()
      },
      async onDeposed(chainId) {
        indexing.delete(chainId)
        await indexers.get(chainId)?.stop()
      },
    })
  else if (config.indexer)
    for (const [chainId, indexer] of indexers) {
      indexing.add(chainId)
      indexer.start()
    }

  const notifications = startNotifications({ db: store.db, changes, webhooks: config.webhooks })
  // Recoveries queued on a Safe's Delay modifier are not the Safe's own events: watched beside the indexer.
  const recoveries = watchRecoveries({
    db: store.db,
    changes,
    chains: config.chains,
    rpc: createRpcClients(),
  })

  let server: ReturnType<typeof serve> | undefined
  const gateway: Gateway = {
    app,
    store,
    changes,
    indexers,
    recoveries,
    indexing: () => [...indexing],
    url: '',
    listen: () =>
      new Promise((resolve, reject) => {
        server = serve(
          { fetch: app.fetch, port: config.port, hostname: config.host },
          (info: AddressInfo) => {
            gateway.url = `http://${config.host}:${info.port}`
            resolve(gateway.url)
          },
        )
        server.once('error', reject)
      }),
    stop() {
      // Idempotent: a second call waits for the first.
      stopping ??= shutdown()
      return stopping
    },
  }
  let stopping: Promise<void> | undefined
  async function shutdown() {
    await Promise.all([...indexers.values()].map((i) => i.stop()))
    // After the indexers: no follower may start while this process still commits.
    await leadership?.stop()
    indexing.clear()
    // Open event streams would hold the server's close() open.
    live.close()
    if (server) {
      const s = server
      const closed = new Promise<void>((resolve) => s.close(() => resolve()))
      // Keep-alive connections would hold close() open.
      ;(s as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
      await closed
    }
    // Before the store closes: the listener finishes storing, the worker gives back cut-short deliveries.
    await recoveries.stop()
    await notifications.stop()
    await changes.close()
    await store.close()
  }
  return gateway
}
