import { lazy, Suspense } from 'react'
import { DevnetAccountPickerDialog } from '../features/wallet/components/DevnetAccountPickerDialog'
import { useWalletDialogsWanted } from '../lib/walletDialogs'
import { EmbeddedSafeConnector } from './EmbeddedSafeConnector'

// RainbowKit (its provider and dialogs) loads when a wallet dialog is first needed, not with wagmi.
const WalletDialogs = lazy(() => import('./WalletDialogs').then((m) => ({ default: m.WalletDialogs })))

/** What only exists once wagmi has loaded: the devnet account picker, the Safe-frame connector, the dialogs. */
export function WalletExtras() {
  const dialogsWanted = useWalletDialogsWanted()
  return (
    <>
      <DevnetAccountPickerDialog />
      <EmbeddedSafeConnector />
      {dialogsWanted ? (
        <Suspense fallback={null}>
          <WalletDialogs />
        </Suspense>
      ) : null}
    </>
  )
}
