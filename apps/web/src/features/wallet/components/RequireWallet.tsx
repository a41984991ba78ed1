import { type ReactNode, Suspense, use } from 'react'
import { Skeleton } from '../../../components/ui/Skeleton'
import { loadWallet, useWalletConfig } from '../../../lib/walletRuntime'

/**
 * Renders its children once wagmi has loaded (lib/walletRuntime.ts), loading it if needed: the screens that read
 * the chain or act with the wallet sit inside it; the start page, for a visitor with no wallet, does not.
 */
export function RequireWallet({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={<Skeleton lines={4} label="Loading the wallet" />}>
      <WalletLoaded>{children}</WalletLoaded>
    </Suspense>
  )
}

function WalletLoaded({ children }: { children: ReactNode }) {
  // The config is set before the load resolves, so a resumed render finds it.
  if (!useWalletConfig()) use(loadWallet())
  return children
}
