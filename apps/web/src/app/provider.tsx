import { useQuery } from '@tanstack/react-query'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { lazy, Suspense, useEffect } from 'react'
import { StatusScreen } from '../components/ui/StatusScreen'
import { loadRuntimeConfig, type RuntimeConfig, resolveGatewayUrl } from '../config/runtimeConfig'
import { chainsQueryOptions } from '../features/chains/queries'
import { GatewayUrlForm } from '../features/settings/components/GatewayUrlForm'
import { useSettings } from '../features/settings/useSettings'
import { configureGateway, formatGatewayError } from '../lib/gateway'
import { createPersistOptions, createQueryClient } from '../lib/queryClient'
import { RuntimeContext } from './RuntimeContext'

const queryClient = createQueryClient()
const persistOptions = createPersistOptions()

// wagmi, RainbowKit, the router and every screen load after the chains are known.
const WalletProvider = lazy(() =>
  import('./WalletProvider').then((module) => ({ default: module.WalletProvider })),
)

/** Root providers plus the boot sequence: config.json → gateway chains → wallet app. */
export function AppProvider() {
  return (
    <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
      <ThemeModeEffect />
      <RuntimeConfigBoot />
    </PersistQueryClientProvider>
  )
}

function ThemeModeEffect() {
  const { themeMode } = useSettings()
  useEffect(() => {
    document.documentElement.dataset.theme = themeMode
  }, [themeMode])
  return null
}

function RuntimeConfigBoot() {
  const query = useQuery({ queryKey: ['runtime-config'], queryFn: ({ signal }) => loadRuntimeConfig(signal) })
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
  const gatewayUrl = resolveGatewayUrl({
    userOverride: settings.gatewayUrl,
    configured: runtimeConfig.gatewayUrl,
    pageOrigin: window.location.origin,
  })
  configureGateway(gatewayUrl)
  const query = useQuery(chainsQueryOptions(gatewayUrl))

  if (query.data && query.data.length > 0)
    return (
      <RuntimeContext value={{ runtimeConfig, gatewayUrl, chains: query.data }}>
        <Suspense fallback={<StatusScreen tone="loading" title="Loading wallet…" />}>
          <WalletProvider />
        </Suspense>
      </RuntimeContext>
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
      </StatusScreen>
    )

  return <StatusScreen tone="loading" title="Loading chains…" message={gatewayUrl} />
}
