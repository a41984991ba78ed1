import type { CreateWalletFn } from './devnetWallet'

// RainbowKit preloads every listed wallet's icon as soon as its provider mounts, and each icon is a code chunk:
// they would load with the landing page although the wallet dialog may never open. The icons wait here until a
// wallet dialog opens (releaseWalletIcons), then load as RainbowKit asks for them.

let release: () => void = () => {}
const dialogOpened = new Promise<void>((resolve) => {
  release = resolve
})

/** Lets the wallet icons load: called when a wallet dialog first opens. */
export const releaseWalletIcons = (): void => release()

type IconUrl = ReturnType<CreateWalletFn>['iconUrl']

/** An icon that resolves only once a wallet dialog has opened (data URIs cost nothing and pass through). */
export function deferIcon(iconUrl: IconUrl): IconUrl {
  if (typeof iconUrl === 'string') return iconUrl
  return async () => {
    await dialogOpened
    return iconUrl()
  }
}

/** The wallet with its icon deferred until a wallet dialog opens. */
export const withDeferredIcon =
  (createWallet: CreateWalletFn): CreateWalletFn =>
  (parameters) => {
    const wallet = createWallet(parameters)
    return { ...wallet, iconUrl: deferIcon(wallet.iconUrl) }
  }
