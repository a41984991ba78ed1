import { useQuery } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { StatusScreen } from '../components/ui/StatusScreen'
import {
  loadRuntimeConfig,
  type RuntimeConfig,
  readInlineRuntimeConfig,
  resolveGatewayUrl,
} from '../config/runtimeConfig'
import { chainsQueryOptions } from '../features/chains/api/queries'
import { GatewayUrlForm } from '../features/settings/components/GatewayUrlForm'
import { followThemeMode } from '../features/settings/followThemeMode'
import { settingsStore } from '../features/settings/settingsStore'
import { useSettings } from '../features/settings/useSettings'
import { createExternalStore } from '../lib/externalStore'
import { configureGateway, formatGatewayError } from '../lib/gateway'
import { lazyModule } from '../lib/lazyModule'
import {
  createPersistOptions,
  createQueryClient,
  markRestoredQueriesStale,
  prefetchForFirstScreen,
} from '../lib/queryClient'
import { isFramed } from '../lib/safeAppFrame'
import { SAFE_PARAM } from '../lib/safeLink'
import {
  expectReconnect,
  hasRememberedConnection,
  loadWallet,
  registerWalletLoader,
} from '../lib/walletRuntime'
import { RuntimeContext } from './RuntimeContext'

// Without a gateway the app can still open a transaction exported with its signatures (OfflineVerify).
const OfflineVerify = lazy(() => import('./OfflineVerify').then((m) => ({ default: m.OfflineVerify })))
/** How long the boot waits for the gateway's chains before it says so and offers to work without it. */
const GATEWAY_PATIENCE_MS = 5_000

const queryClient = createQueryClient()
const persistOptions = createPersistOptions()

/** The config the gateway inlined into the page; undefined sends the boot to config.json. */
const inlineConfig = (() => {
  try {
    return readInlineRuntimeConfig() ?? undefined
  } catch {
    return undefined // a broken inline block: config.json reports its own error
  }
})()

// With the config inline, the chains query starts as the entry runs (using the response the page's hint has
// already asked for, on a gateway that hints); ChainsBoot then finds it in flight.
if (inlineConfig) {
  const gatewayUrl = bootGatewayUrl(inlineConfig, settingsStore.getSnapshot().gatewayUrl)
  configureGateway(gatewayUrl)
  const chains = chainsQueryOptions(gatewayUrl)
  void prefetchForFirstScreen(queryClient, chains.queryKey, () => queryClient.prefetchQuery(chains))
}

// The first screens' chunks start downloading with the page, in parallel with the chains request; they render
// once the chains are known. The shell chunk holds the router and start page, the safe-home chunk the deep-link
// prefetch and a Safe's dashboard (build/chunkGroups.ts), so these two imports fetch both; the router then
// starts the first screen's module (router.tsx).
const bootModule = import('./bootPrefetch')
const appShell = lazyModule(() => import('./AppShell'))
void appShell.load()

followThemeMode(document.documentElement, settingsStore, window.matchMedia('(prefers-color-scheme: dark)'))

/**
 * How long a deep link to a Safe holds its first screen back for the boot's answers, from when they are asked:
 * rendered once with its data rather than once per answer (each render and layout of the whole screen costs a
 * slow device tens of ms).
 */
const FIRST_SCREEN_WAIT_MS = 300
/** Whether the first screen may render: at once without a Safe in the URL, else with its data or after the wait. */
const firstScreenData = createExternalStore(!new URLSearchParams(window.location.search).has(SAFE_PARAM))
const releaseFirstScreen = () => firstScreenData.set(true)

// wagmi and the connectors load at once for a wallet to reconnect, in a Safe's frame, and for any screen but
// the start page and a Safe's Home (the others read the chain); otherwise when first needed (lib/walletRuntime.ts).
const reconnecting = isFramed() || hasRememberedConnection()
if (reconnecting) expectReconnect()
if (reconnecting || window.location.pathname !== '/') void loadWallet()

function bootGatewayUrl(runtimeConfig: RuntimeConfig, userOverride: string | null | undefined): string {
  return resolveGatewayUrl({
    userOverride,
    configured: runtimeConfig.gatewayUrl,
    pageOrigin: window.location.origin,
  })
}

/** Root providers plus the boot sequence: runtime config (inline, else config.json) → gateway chains → wallet app. */
export function AppProvider() {
  return (
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={persistOptions}
      onSuccess={() => markRestoredQueriesStale(queryClient)}
    >
      <RuntimeConfigBoot />
    </PersistQueryClientProvider>
  )
}

function RuntimeConfigBoot() {
  const query = useQuery({
    queryKey: ['runtime-config'],
    queryFn: ({ signal }) => loadRuntimeConfig(signal),
    initialData: inlineConfig,
    // The inline config is the page's own: never replaced by a refetch of config.json, nor kept for the next page.
    staleTime: inlineConfig ? Number.POSITIVE_INFINITY : 0,
    meta: { persist: false },
  })
  if (query.data) return <ChainsBoot runtimeConfig={query.data} />
  if (query.isError)
    return (
      <StatusScreen
        tone="error"
        title="Could not load the app configuration"
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  return <StatusScreen tone="loading" title="Starting Concord…" />
}

function ChainsBoot({ runtimeConfig }: { runtimeConfig: RuntimeConfig }) {
  const settings = useSettings()
  const gatewayUrl = bootGatewayUrl(runtimeConfig, settings.gatewayUrl)
  // Set while rendering (the queries below read it), and only when the URL changes.
  const configured = useRef<string | null>(null)
  if (configured.current !== gatewayUrl) {
    configured.current = gatewayUrl
    configureGateway(gatewayUrl)
  }
  const query = useQuery(chainsQueryOptions(gatewayUrl))
  const chains = query.data
  // A /verify link opened while the gateway is down goes straight to the page that needs no gateway.
  const [offline, setOffline] = useState(false)
  const [slow, setSlow] = useState(false)
  const waiting = !query.data && !query.isError
  useEffect(() => {
    if (!waiting) return
    const timer = setTimeout(() => {
      setSlow(true)
      if (window.location.pathname === '/verify') setOffline(true)
    }, GATEWAY_PATIENCE_MS)
    return () => clearTimeout(timer)
  }, [waiting])
  useEffect(() => {
    if (query.isError && window.location.pathname === '/verify') setOffline(true)
  }, [query.isError])
  // How to load the wallet for these chains (it runs now if a load was already asked for).
  useEffect(() => {
    if (!chains?.length) return
    registerWalletLoader(async () => {
      const [runtime] = await Promise.all([import('./wagmiRuntime'), import('./WalletExtras')])
      runtime.startWallet({ runtimeConfig, chains })
    })
  }, [runtimeConfig, chains])
  // Once per page: the Safe in the URL gets its first screen's data requested before its code has loaded.
  const prefetched = useRef(false)
  if (query.data && !prefetched.current) {
    prefetched.current = true
    // Loaded, not imported: it checksums addresses, and the chain libraries are no part of the entry chunk.
    const bootChains = query.data
    void bootModule
      .then((boot) => {
        // Counted from the asking: on a busy device the boot chunk itself may take most of the wait to load.
        setTimeout(releaseFirstScreen, FIRST_SCREEN_WAIT_MS)
        return boot.prefetchOpenSafe(queryClient, bootChains, window.location, settings)
      })
      .then(releaseFirstScreen, releaseFirstScreen)
  }

  if (query.data && query.data.length > 0)
    return (
      <RuntimeContext value={{ runtimeConfig, gatewayUrl, chains: query.data }}>
        <AppShellWhenLoaded />
      </RuntimeContext>
    )

  if (offline)
    return (
      <Suspense fallback={<StatusScreen tone="loading" title="Loading…" />}>
        <OfflineVerify gatewayUrl={gatewayUrl} />
      </Suspense>
    )
  const workOffline = (
    <p>
      <button type="button" className="button" onClick={() => setOffline(true)} data-testid="work-offline">
        Open an exported transaction without the gateway
      </button>
    </p>
  )

  if (query.isError || query.data)
    return (
      <StatusScreen
        tone="error"
        title="Could not load chains from the gateway"
        message={query.isError ? formatGatewayError(query.error) : 'The gateway serves no chains.'}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      >
        <p className="muted">
          Gateway: <code>{gatewayUrl}</code>
        </p>
        <GatewayUrlForm configuredUrl={runtimeConfig.gatewayUrl} compact />
        {query.isError ? workOffline : null}
      </StatusScreen>
    )

  if (slow)
    return (
      <StatusScreen
        tone="loading"
        title="The gateway does not answer"
        message={`No answer from ${gatewayUrl} for ${GATEWAY_PATIENCE_MS / 1000} s; still trying.`}
      >
        {workOffline}
      </StatusScreen>
    )
  return <StatusScreen tone="loading" title="Loading chains…" message={gatewayUrl} />
}

/** The app shell once its chunk (no Suspense boundary: see lib/lazyModule.ts) and the first screen's data have come. */
function AppShellWhenLoaded() {
  const module = appShell.useModule()
  const dataReady = firstScreenData.use()
  return module && dataReady ? <module.AppShell /> : <StatusScreen tone="loading" title="Loading…" />
}
