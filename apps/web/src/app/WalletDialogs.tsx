import '@rainbow-me/rainbowkit/styles.css'
import { RainbowKitProvider } from '@rainbow-me/rainbowkit'
import { useEffect } from 'react'
import { APP_NAME } from '../config/constants'
import { SignInAuthentication, SignInModalOpener } from '../features/auth/components/SignInDialog'
import type { rainbowTheme } from '../features/settings/rainbowTheme'
import { WalletDialogsBridge } from '../features/wallet/components/WalletDialogsBridge'
import { WalletIconsRelease } from '../features/wallet/components/WalletIconsRelease'
import { markRainbowImagesDecorative } from '../features/wallet/rainbowImages'

/**
 * RainbowKit's provider and dialogs, a lazy chunk mounted beside the app when a wallet dialog is first needed
 * (lib/walletDialogs.ts); the header's wallet button and the rest of the app reach it through that bridge.
 */
export function WalletDialogs({ theme }: { theme: ReturnType<typeof rainbowTheme> }) {
  // RainbowKit's pictures exist only once this chunk is mounted: no DOM watching before then.
  useEffect(() => markRainbowImagesDecorative(), [])
  return (
    <SignInAuthentication>
      <RainbowKitProvider theme={theme} appInfo={{ appName: APP_NAME }} showRecentTransactions>
        <WalletDialogsBridge />
        <WalletIconsRelease />
        <SignInModalOpener />
      </RainbowKitProvider>
    </SignInAuthentication>
  )
}
