// The HTTP application: CGW conventions (error bodies, trailing slashes, cache headers, empty bodies)
// live here once, and every module's routes are mounted on top.

import { OpenAPIHono } from '@hono/zod-openapi'
import type { Hono } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { BaseError, HttpRequestError, TimeoutError, WebSocketRequestError } from 'viem'
import { type ChangeBus, createLocalChangeBus } from './changes/changeBus.ts'
import { DEFAULT_FIAT_RATES } from './config/config.ts'
import { DEFAULT_MAX_BODY_BYTES, type HttpSettings } from './config/httpConfig.ts'
import { DEFAULT_SITE, type SiteSettings } from './config/siteConfig.ts'
import type { Store } from './db/createDatabase.ts'
import { describeError } from './errors/GatewayError.ts'
import { isRetryable } from './errors/retryable.ts'
import { limitBody } from './http/bodyLimit.ts'
import { identifyClients, TooManyRequestsError } from './http/clientBudget.ts'
import { cors, routeMethods } from './http/cors.ts'
import { HttpError } from './http/errors.ts'
import { emptyBodyLength, noCache, noSniff } from './http/headers.ts'
import { trustForwardedHeaders } from './http/pagination.ts'
import { requestIds, requestLog } from './http/requestId.ts'
import { createAddressBookRepository } from './modules/addressBook/addressBook.repository.ts'
import { createAddressBookRoutes } from './modules/addressBook/addressBook.routes.ts'
import { createAuthRepository } from './modules/auth/auth.repository.ts'
import { createAuthRoutes } from './modules/auth/auth.routes.ts'
import { createBalancesRepository } from './modules/balances/balances.repository.ts'
import { createBalancesRoutes } from './modules/balances/balances.routes.ts'
import { createStaticPriceSource, type PriceSource } from './modules/balances/priceSource.ts'
import { createSafeBalancesRepository } from './modules/balances/safeBalances.repository.ts'
import { createAboutRoutes } from './modules/chains/about.routes.ts'
import { createChainFeatures } from './modules/chains/chainFeatures.ts'
import { createChainsRepository } from './modules/chains/chains.repository.ts'
import { createChainsRoutes } from './modules/chains/chains.routes.ts'
import { createChainsV2Routes } from './modules/chains/chainsV2.routes.ts'
import { createIndexingRepository } from './modules/chains/indexing.repository.ts'
import { createLogosRoutes } from './modules/chains/logos.routes.ts'
import { createChainNamesRoutes } from './modules/chains/names.routes.ts'
import { createPublicRpcRoutes } from './modules/chains/publicRpc.routes.ts'
import { createCollectiblesRepository } from './modules/collectibles/collectibles.repository.ts'
import { createCollectiblesRoutes } from './modules/collectibles/collectibles.routes.ts'
import type { ExtraAbi } from './modules/dataDecoder/abiRegistry.ts'
import { createDataDecoderRoutes } from './modules/dataDecoder/dataDecoder.routes.ts'
import { createDataDecoder } from './modules/dataDecoder/decodeData.ts'
import { createDelegatesRepository } from './modules/delegates/delegates.repository.ts'
import { createDelegatesRoutes } from './modules/delegates/delegates.routes.ts'
import { createExplorerRoutes } from './modules/explorer/explorer.routes.ts'
import { createExportRoutes } from './modules/export/export.routes.ts'
import { createHealthRoutes } from './modules/health/health.routes.ts'
import { createLiveRoutes } from './modules/live/live.routes.ts'
import { createLiveHub, type LiveHub } from './modules/live/liveStreams.ts'
import { createMessagesRepository } from './modules/messages/messages.repository.ts'
import { createMessagesRoutes } from './modules/messages/messages.routes.ts'
import { createNotesRepository } from './modules/notes/notes.repository.ts'
import { createNotesRoutes } from './modules/notes/notes.routes.ts'
import { createNotificationFeedRoutes } from './modules/notifications/notificationFeed.routes.ts'
import { createNotificationPreferencesRoutes } from './modules/notifications/notificationPreferences.routes.ts'
import { createNotificationsRepository } from './modules/notifications/notifications.repository.ts'
import { createNotificationsRoutes } from './modules/notifications/notifications.routes.ts'
import { createWebhookAdminRoutes } from './modules/notifications/webhooks/webhookAdmin.routes.ts'
import { createWebhookDeliveriesRepository } from './modules/notifications/webhooks/webhookDeliveries.repository.ts'
import { createPositionsRoutes } from './modules/positions/positions.routes.ts'
import { createRecoveryRoutes } from './modules/recovery/recovery.routes.ts'
import { createSafeAppsRoutes } from './modules/safeApps/safeApps.routes.ts'
import { createSafeEstimationsRoutes } from './modules/safes/safeEstimations.routes.ts'
import { createSafeIndexingRoutes } from './modules/safes/safeIndexing.routes.ts'
import { createSafeOverviewsRoutes } from './modules/safes/safeOverviews.routes.ts'
import { createSafeRecipientsRoutes } from './modules/safes/safeRecipients.routes.ts'
import { createSafesRepository } from './modules/safes/safes.repository.ts'
import { createSafesRoutes } from './modules/safes/safes.routes.ts'
import { createWatchedSafesRepository } from './modules/safes/watchedSafes.repository.ts'
import { createWatching } from './modules/safes/watching.ts'
import { createSimulationRepository } from './modules/simulation/simulation.repository.ts'
import { createSimulationRoutes } from './modules/simulation/simulation.routes.ts'
import { createTargetedMessagingRoutes } from './modules/targetedMessaging/targetedMessaging.routes.ts'
import { createProposalsRepository } from './modules/transactions/proposals.repository.ts'
import { createTransactionsRepository } from './modules/transactions/transactions.repository.ts'
import { createTransactionsRoutes } from './modules/transactions/transactions.routes.ts'
import { createRpcClients } from './rpc/rpcClient.ts'

export type AppDependencies = {
  store: Store
  /** Where committed changes are published (live updates, notifications); an in-process bus when absent. */
  changes?: ChangeBus
  /** Open live-update streams (GET /v1/live); one over `changes` with default limits when absent. */
  live?: LiveHub
  /** Chains this process indexes now (shown by /health). */
  indexing?: () => number[]
  /** A Safe was just watched on this chain: its indexer may start reading it now rather than at the next head. */
  onWatched?: (chainId: number) => void
  web?: Hono
  /** Operator ABIs for the data decoder (config `abis`). */
  abis?: readonly ExtraAbi[]
  /** Fiat units per USD for the static price source (config `fiatRates`). */
  fiatRates?: Record<string, number>
  /** Fiat values of balances (config `priceSource`); the static tables from `fiatRates` when absent. */
  priceSource?: PriceSource
  /** Bearer token of the operator's routes (config `adminToken`); they answer 404 without it. */
  adminToken?: string
  /** Body limit, proxy trust and CORS (config `maxBodyBytes`, `trustProxy`, `corsOrigins`, `corsAnyOrigin`). */
  http?: Partial<HttpSettings>
  /** Public URL, Safe Apps and service keys (config `publicUrl`, `safeApps`, `serviceKeys`). */
  site?: SiteSettings
}

const DEFAULT_HTTP: HttpSettings = {
  maxBodyBytes: DEFAULT_MAX_BODY_BYTES,
  trustProxy: false,
  corsOrigins: [],
  corsAnyOrigin: true,
}

const nodeUnreachable = (error: unknown) =>
  error instanceof BaseError &&
  !!error.walk(
    (e) => e instanceof HttpRequestError || e instanceof TimeoutError || e instanceof WebSocketRequestError,
  )

export function createApp({
  store,
  changes = createLocalChangeBus(),
  live = createLiveHub(changes),
  indexing,
  onWatched,
  web,
  abis = [],
  fiatRates = DEFAULT_FIAT_RATES,
  priceSource,
  adminToken,
  http: httpOverrides,
  site = DEFAULT_SITE,
}: AppDependencies) {
  const http = { ...DEFAULT_HTTP, ...httpOverrides }
  const app = new OpenAPIHono({
    // `/v1/chains/` and `/v1/chains` are the same route (the SDK calls some paths with a trailing slash).
    strict: false,
    defaultHook: (result, c) => {
      if (!result.success) {
        const issue = result.error.issues[0]
        const where = issue?.path.length ? ` (${issue.path.join('.')})` : ''
        return c.json({ code: 422, message: `${issue?.message ?? 'Invalid input'}${where}` }, 422)
      }
    },
  })

  // First: every answer below, an error's included, carries its id.
  app.use('*', requestIds())
  app.use('*', noSniff, emptyBodyLength)
  // CORS first, so that every answer below (a 413 included) is readable by the calling page.
  const apiCors = cors(
    { origins: http.corsOrigins, anyOrigin: http.corsAnyOrigin },
    routeMethods(() => app.routes),
  )
  app.use('/v1/*', apiCors, noCache)
  app.use('/v2/*', apiCors, noCache)
  app.use('*', ...limitBody({ maxBytes: http.maxBodyBytes }))
  app.use('*', identifyClients({ trustProxy: http.trustProxy }))
  if (http.trustProxy)
    app.use('*', async (c, next) => {
      trustForwardedHeaders(c.req.raw)
      await next()
    })

  app.route('/', createHealthRoutes(store, { indexing, chains: () => indexingStatus.summaries(chains) }))
  app.route('/', createLiveRoutes({ hub: live }))
  const chains = createChainsRepository(store.db)
  const rpc = createRpcClients()
  const features = createChainFeatures({ rpc, routes: () => app.routes, site })
  app.route('/', createChainsRoutes({ chains, features, site }))
  app.route('/', createChainsV2Routes({ chains, features, site }))
  const indexingStatus = createIndexingRepository({ db: store.db, rpc })
  app.route('/', createAboutRoutes({ chains, indexing: indexingStatus, site }))
  app.route('/', createPublicRpcRoutes({ chains }))
  app.route('/', createChainNamesRoutes({ chains }))
  app.route('/', createLogosRoutes())
  const safes = createSafesRepository(store.db)
  const decoder = createDataDecoder({ extraAbis: abis })
  const proposals = createProposalsRepository(store.db)
  const messages = createMessagesRepository(store.db)
  const watched = createWatchedSafesRepository(store.db)
  const watching = createWatching({ watched, budget: http.clientLimits?.watches, onWatched })
  app.route('/', createSafesRoutes({ chains, safes, proposals, messages, rpc, watching }))
  app.route('/', createSafeIndexingRoutes({ db: store.db, rpc, chains, safes, watched, watching }))
  app.route('/', createSafeEstimationsRoutes({ chains, safes, proposals }))
  app.route('/', createSafeRecipientsRoutes({ chains, safes }))
  app.route('/', createRecoveryRoutes({ chains, safes, rpc }))
  app.route('/', createDataDecoderRoutes({ chains, decoder }))
  const transactions = createTransactionsRepository(store.db)
  const delegates = createDelegatesRepository(store.db)
  const auth = createAuthRepository(store.db, { origins: http.corsOrigins, publicUrl: site.publicUrl })
  const limits = http.clientLimits ?? {}
  app.route('/', createAuthRoutes({ auth, chains, rpc, signInBudget: limits.signIns }))
  const addressBook = createAddressBookRepository(store.db)
  app.route('/', createAddressBookRoutes({ auth, chains, rpc, addressBook, changes }))
  const notes = createNotesRepository(store.db)
  app.route('/', createNotesRoutes({ auth, chains, rpc, notes, changes }))
  app.route('/', createExportRoutes({ auth, chains, safes, rpc, transactions, notes }))
  app.route('/', createDelegatesRoutes({ chains, delegates, rpc, budget: limits.delegates }))
  const notifications = createNotificationsRepository(store.db)
  app.route(
    '/',
    createNotificationsRoutes({ chains, safes, rpc, notifications, budget: limits.registrations }),
  )
  app.route('/', createNotificationFeedRoutes({ notifications }))
  app.route('/', createNotificationPreferencesRoutes({ auth, chains, safes, rpc, notifications, changes }))
  const deliveries = createWebhookDeliveriesRepository(store.db)
  app.route('/', createWebhookAdminRoutes({ deliveries, adminToken }))
  app.route(
    '/',
    createMessagesRoutes({ chains, safes, messages, rpc, changes, hashingBudget: limits.hashing }),
  )
  app.route(
    '/',
    createTransactionsRoutes({
      chains,
      safes,
      transactions,
      proposals,
      delegates,
      rpc,
      decoder,
      changes,
      writeBudget: limits.writes,
      watched,
    }),
  )
  const prices = priceSource ?? createStaticPriceSource(fiatRates)
  const balances = createBalancesRepository(store.db)
  const safeBalances = createSafeBalancesRepository({ balances, rpc, prices, publicUrl: site.publicUrl })
  app.route('/', createBalancesRoutes({ chains, safes, safeBalances, prices, watched }))
  app.route('/', createSafeOverviewsRoutes({ chains, safes, proposals, safeBalances }))
  app.route('/', createPositionsRoutes({ chains }))
  app.route('/', createTargetedMessagingRoutes())
  app.route('/', createSafeAppsRoutes({ chains, site }))
  app.route('/', createExplorerRoutes({ chains, safes, rpc }))
  app.route(
    '/',
    createSimulationRoutes({ chains, safes, simulation: createSimulationRepository(store.db), rpc }),
  )
  app.route(
    '/',
    createCollectiblesRoutes({ chains, safes, collectibles: createCollectiblesRepository(store.db) }),
  )

  app.doc31('/api-json', {
    openapi: '3.1.0',
    info: { title: 'Concord gateway', version: '0.1.0', description: 'Safe Client Gateway compatible API' },
  })

  if (web) app.route('/', web)

  app.notFound((c) => c.json({ code: 404, message: `No route for ${c.req.method} ${c.req.path}` }, 404))
  app.onError((error, c) => {
    if (error instanceof TooManyRequestsError) c.header('Retry-After', String(error.retryAfterSeconds))
    if (error instanceof HttpError)
      return c.json({ code: error.status, message: error.message }, error.status)
    const status = (error as { status?: number }).status
    // Hono's own HTTPException (e.g. a malformed JSON body) is a client error too.
    if (typeof status === 'number' && status >= 400 && status < 500)
      return c.json({ code: status, message: error.message }, status as ContentfulStatusCode)
    // A chain node that cannot be reached is the server's trouble, but a temporary one: 503, not 500.
    if (nodeUnreachable(error)) {
      requestLog(c.req.raw).warn({ retryable: true }, `chain node unreachable: ${describeError(error)}`)
      return c.json({ code: 503, message: 'The chain node is unavailable, try again later' }, 503)
    }
    requestLog(c.req.raw).error(
      { err: error, retryable: isRetryable(error) },
      `failed: ${describeError(error)}`,
    )
    return c.json({ code: 500, message: 'Internal server error' }, 500)
  })
  return app
}
