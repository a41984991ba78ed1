import { lazy, Suspense, useEffect, useMemo } from 'react'
import { RouterProvider } from 'react-router/dom'
import { ToastContainer } from 'react-toastify'
import { type Config, WagmiProvider } from 'wagmi'
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '../config/constants'
import { SignInProvider } from '../features/auth/components/SignInProvider'
import { type AppChain, toViemChain } from '../features/chains/toViemChain'
import { rainbowTheme } from '../features/settings/rainbowTheme'
import { useSettings } from '../features/settings/useSettings'
import { buildConnectors } from '../features/wallet/buildConnectors'
import { DevnetAccountPickerDialog } from '../features/wallet/components/DevnetAccountPickerDialog'
import { devnetAccountPicker } from '../features/wallet/devnetAccountPicker'
import { isFramed } from '../lib/safeAppFrame'
import { createWagmiConfig } from '../lib/wagmi'
import { useWalletDialogsWanted } from '../lib/walletDialogs'
import { EmbeddedSafeConnector } from './EmbeddedSafeConnector'
import { useRuntime } from './RuntimeContext'
import { router } from './router'

// React can throw away an uncommitted first render (it does on a reload here) and then runs useMemo
// again. wagmi starts reconnecting while rendering and runs one reconnect at a time, so a second config
// would stay 'disconnected' while the discarded one holds the reconnect. The config outlives renders.
let cachedConfig: { key: string; config: Config } | undefined

const EMBEDDED_STORAGE_KEY = 'wagmi.embedded'

// RainbowKit (its provider and dialogs) loads when a wallet dialog is first needed, not with the page.
const WalletDialogs = lazy(() => import('./WalletDialogs').then((m) => ({ default: m.WalletDialogs })))

/** wagmi for the gateway's chains, toasts, the routed app shell, and RainbowKit's dialogs once wanted. */
export function WalletProvider() {
  const { runtimeConfig, chains } = useRuntime()
  const { accentColor, borderRadius, themeMode } = useSettings()
  const dialogsWanted = useWalletDialogsWanted()

  const appChains = useMemo(() => chains.map(toViemChain) as [AppChain, ...AppChain[]], [chains])

  // The wagmi config is rebuilt (and the wallet tree remounted) only when what it depends on changes,
  // e.g. when the gateway starts serving another chain.
  const configKey = [
    runtimeConfig.walletConnectProjectId,
    runtimeConfig.devnetChainId,
    ...appChains.map((chain) => `${chain.id}@${chain.rpcUrls.default.http[0]}`),
  ].join('|')

  // biome-ignore lint/correctness/useExhaustiveDependencies: configKey captures every input that matters.
  const wagmiConfig = useMemo(() => {
    if (cachedConfig?.key === configKey) return cachedConfig.config
    const devnetChain = appChains.find((chain) => String(chain.id) === runtimeConfig.devnetChainId)
    const devnetRpcUrl = devnetChain?.rpcUrls.default.http[0]
    const connectors = buildConnectors({
      walletConnectProjectId: runtimeConfig.walletConnectProjectId,
      devnet:
        devnetChain && devnetRpcUrl
          ? {
              chainId: devnetChain.id,
              rpcUrl: devnetRpcUrl,
              pickAccount: (accounts, lastAccount) => devnetAccountPicker.request(accounts, lastAccount),
            }
          : undefined,
    })
    // In a frame (maybe a Safe host's), the connection is kept apart from the page around it.
    const config = createWagmiConfig({
      chains: appChains,
      connectors,
      storageKey: isFramed() ? EMBEDDED_STORAGE_KEY : undefined,
    })
    cachedConfig = { key: configKey, config }
    return config
  }, [configKey])

  const theme = useMemo(
    () => rainbowTheme({ accentColor, borderRadius, themeMode }),
    [accentColor, borderRadius, themeMode],
  )

  // The app's own accent and corner radius follow the wallet theme.
  useEffect(() => {
    const style = document.documentElement.style
    style.setProperty('--accent', theme.colors.accentColor)
    style.setProperty('--accent-fg', theme.colors.accentColorForeground)
    style.setProperty('--radius', theme.radii.connectButton)
  }, [theme])

  return (
    <WagmiProvider key={configKey} config={wagmiConfig}>
      <SignInProvider>
        <RouterProvider router={router} />
        <DevnetAccountPickerDialog />
        <EmbeddedSafeConnector />
        {dialogsWanted ? (
          <Suspense fallback={null}>
            <WalletDialogs theme={theme} />
          </Suspense>
        ) : null}
      </SignInProvider>
      <ToastContainer
        position="top-right"
        autoClose={TOAST_AUTO_CLOSE_MS}
        draggable
        draggablePercent={TOAST_DRAG_PERCENT}
        theme={themeMode}
      />
    </WagmiProvider>
  )
}
