// Wires one gateway process: store → chain configuration → HTTP app (→ indexer, in a later step).
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import { type ChangeBus, createLocalChangeBus } from './changes/changeBus.ts'
import type { Config } from './config/config.ts'
import { createDatabase, type Store } from './db/createDatabase.ts'
import { createApp } from './http/createApp.ts'
import { createIndexer, type Indexer, type IndexerOptions } from './indexer/createIndexer.ts'
import { createMetadataFetch } from './indexer/tokenMetadata.ts'
import { createPriceSource } from './modules/balances/priceSource.ts'
import { publicRpcUrl } from './modules/chains/chains.mapper.ts'
import { createChainsRepository } from './modules/chains/chains.repository.ts'
import { startNotifications } from './modules/notifications/startNotifications.ts'
import { createWebRoutes } from './web/serveWeb.ts'

export type Gateway = {
  app: ReturnType<typeof createApp>
  /** The database behind it (tests read and seed it directly). */
  store: Store
  /** Committed changes of this process (and, on PostgreSQL, of the others). */
  changes: ChangeBus
  /** One indexer per configured chain, by chain id (started when config.indexer is on). */
  indexers: Map<number, Indexer>
  /** Origin the gateway listens on, e.g. http://127.0.0.1:3000 (after listen()). */
  url: string
  listen(): Promise<string>
  stop(): Promise<void>
}

export async function createGateway(config: Config, indexerOptions: IndexerOptions = {}): Promise<Gateway> {
  const store = await createDatabase(config)
  await createChainsRepository(store.db).sync(config.chains)

  const devnet = config.chains.find((c) => c.devnet)
  const web = config.webDir
    ? createWebRoutes(
        config.webDir,
        {
          gatewayUrl: '',
          walletConnectProjectId: config.walletConnectProjectId ?? null,
          devnetChainId: devnet ? String(devnet.chainId) : null,
        },
        {
          frameAncestors: config.frameAncestors,
          // The chains' public RPCs, which may be plain http (a devnet): https ones are allowed anyway.
          connectTo: config.chains.flatMap((c) => publicRpcUrl(c) ?? []),
        },
      )
    : undefined
  let lastPriceError: string | undefined
  const priceSource = createPriceSource(config.priceSource, config.fiatRates, (error) => {
    const message = (error as Error).message
    if (message !== lastPriceError) console.error(message)
    lastPriceError = message
  })
  const changes = createLocalChangeBus()
  const app = createApp({
    store,
    changes,
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
    },
  })

  const indexers = new Map<number, Indexer>()
  const metadataFetch = createMetadataFetch({ allowPrivateHosts: config.metadataPrivateHosts })
  for (const chain of config.chains) {
    let lastLogged: string | undefined
    const indexer = createIndexer(store.db, chain, {
      onError: (error) => {
        const message = (error as Error).message
        if (message !== lastLogged) console.error(`indexer ${chain.chainId}: ${message}`)
        lastLogged = message
      },
      ...indexerOptions,
      fetch: indexerOptions.fetch ?? metadataFetch,
    })
    indexers.set(chain.chainId, indexer)
    if (config.indexer) indexer.start()
  }

  const notifications = startNotifications({ db: store.db, changes, webhooks: config.webhooks })

  let server: ReturnType<typeof serve> | undefined
  const gateway: Gateway = {
    app,
    store,
    changes,
    indexers,
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
    async stop() {
      await Promise.all([...indexers.values()].map((i) => i.stop()))
      if (server) {
        const s = server
        const closed = new Promise<void>((resolve) => s.close(() => resolve()))
        // Keep-alive connections would hold close() open.
        ;(s as unknown as { closeAllConnections?: () => void }).closeAllConnections?.()
        await closed
      }
      // Before the store closes: the listener finishes storing, the worker gives back cut-short deliveries.
      await notifications.stop()
      await changes.close()
      await store.close()
    },
  }
  return gateway
}
