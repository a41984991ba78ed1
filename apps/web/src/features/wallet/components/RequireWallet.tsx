import { type ReactNode, useState } from 'react'
import { Skeleton } from '../../../components/ui/Skeleton'
import { loadWallet, useWalletConfig } from '../../../lib/walletRuntime'

/**
 * Renders its children once wagmi has loaded (lib/walletRuntime.ts), loading it if needed: the screens that read
 * the chain or act with the wallet sit inside it; the start page, for a visitor with no wallet, does not.
 * A placeholder of its own rather than a Suspense boundary, as for lazy screens (lib/lazyModule.ts): React holds
 * a boundary's content back for up to 300 ms after its fallback showed, so a screen behind the wallet appeared
 * at least that late even when wagmi came sooner.
 */
export function RequireWallet({ children }: { children: ReactNode }) {
  const config = useWalletConfig()
  const [failed, setFailed] = useState<{ error: unknown }>()
  // A chunk that did not load goes to the screen's error boundary, which offers to try again.
  if (failed) throw failed.error
  if (config) return children
  // Idempotent: one load however many renders ask; the config store re-renders this when it is in place.
  loadWallet().catch((error: unknown) => setFailed({ error }))
  return <Skeleton lines={4} label="Loading the wallet" />
}
