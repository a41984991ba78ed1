import { lazy, Suspense, useEffect } from 'react'
import { BrowserRouter } from 'react-router'
import { WagmiContext } from 'wagmi'
import { TOAST_AUTO_CLOSE_MS, TOAST_DRAG_PERCENT } from '../config/constants'
import { SignInProvider } from '../features/auth/components/SignInProvider'
import { appThemeVars } from '../features/settings/appTheme'
import { useSettings } from '../features/settings/useSettings'
import { useToastsWanted } from '../lib/toasts'
import { useWalletDialogsWanted } from '../lib/walletDialogs'
import { loadWallet, useWalletConfig } from '../lib/walletRuntime'
import { AppRoutes } from './router'

const ToastContainer = lazy(() => import('react-toastify').then((m) => ({ default: m.ToastContainer })))

// Mounted once wagmi has loaded (the connectors' helpers and RainbowKit's dialogs need it).
const WalletExtras = lazy(() => import('./WalletExtras').then((m) => ({ default: m.WalletExtras })))

/**
 * The routed app, toasts and sign-in. wagmi's context is always in place (same tree before and after wagmi
 * loads, so nothing remounts) and holds the config once lib/walletRuntime.ts has it.
 */
export function AppShell() {
  const { accentColor, borderRadius, themeMode } = useSettings()
  const config = useWalletConfig()
  const dialogsWanted = useWalletDialogsWanted()
  // The toasts' container mounts with the wallet (its screens toast) or with the first toast.
  const toasts = useToastsWanted() || config !== undefined

  // A wallet dialog needs wagmi: asking for one loads it.
  useEffect(() => {
    if (dialogsWanted) void loadWallet()
  }, [dialogsWanted])

  // The app's accent and corner radius follow the wallet theme's.
  useEffect(() => {
    const style = document.documentElement.style
    for (const [name, value] of Object.entries(appThemeVars({ accentColor, borderRadius }, themeMode)))
      style.setProperty(name, value)
  }, [accentColor, borderRadius, themeMode])

  return (
    <WagmiContext value={config}>
      <SignInProvider>
        <BrowserRouter>
          <AppRoutes />
          {config ? (
            <Suspense fallback={null}>
              <WalletExtras />
            </Suspense>
          ) : null}
        </BrowserRouter>
      </SignInProvider>
      {toasts ? (
        <Suspense fallback={null}>
          <ToastContainer
            position="top-right"
            autoClose={TOAST_AUTO_CLOSE_MS}
            draggable
            draggablePercent={TOAST_DRAG_PERCENT}
            theme={themeMode}
          />
        </Suspense>
      ) : null}
    </WagmiContext>
  )
}
