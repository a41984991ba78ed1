import { RainbowKitProvider } from '@rainbow-me/rainbowkit'
import rainbowKitCss from '@rainbow-me/rainbowkit/styles.css?inline'
import { useEffect, useMemo } from 'react'
import { APP_NAME } from '../config/constants'
import { SignInAuthentication, SignInModalOpener } from '../features/auth/components/SignInDialog'
import { rainbowTheme } from '../features/settings/rainbowTheme'
import { useSettings } from '../features/settings/useSettings'
import { WalletDialogsBridge } from '../features/wallet/components/WalletDialogsBridge'
import { WalletIconsRelease } from '../features/wallet/components/WalletIconsRelease'
import { markRainbowImagesDecorative } from '../features/wallet/rainbowImages'

// RainbowKit's styles (27 kB, half the app's CSS) come with its dialogs rather than in the page's stylesheet,
// which every first load parses before it paints. Part of this chunk, so its integrity covers them too.
adoptStyleSheet(rainbowKitCss)

function adoptStyleSheet(css: string): void {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(css)
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
}

/**
 * RainbowKit's provider and dialogs, a lazy chunk mounted beside the app when a wallet dialog is first needed
 * (lib/walletDialogs.ts); the header's wallet button and the rest of the app reach it through that bridge.
 */
export function WalletDialogs() {
  const { accentColor, borderRadius, themeMode } = useSettings()
  const theme = useMemo(
    () => rainbowTheme({ accentColor, borderRadius, themeMode }),
    [accentColor, borderRadius, themeMode],
  )
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
