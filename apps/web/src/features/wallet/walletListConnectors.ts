import type { WalletDetailsParams, WalletList } from '@rainbow-me/rainbowkit'
import type { CreateConnectorFn } from 'wagmi'

type RainbowKitDetails = WalletDetailsParams['rkDetails']

export type WalletListOptions = { appName: string; projectId: string }

/**
 * The wagmi connectors for a RainbowKit wallet list, each carrying the `rkDetails` RainbowKit's dialog lists it
 * by: what RainbowKit's own `connectorsForWallets` does, without importing RainbowKit's main module (its
 * dialogs and provider, ≈75 kB on the wire), so the connectors can be registered with the page and wagmi can
 * reconnect a returning wallet while the dialogs load only when one opens.
 */
export function connectorsForWalletList(
  walletList: WalletList,
  { appName, projectId }: WalletListOptions,
): CreateConnectorFn[] {
  const metadata = { name: appName, description: appName, url: window.location.origin, icons: [] }
  const seen = new Set<string>()
  const connectors: CreateConnectorFn[] = []
  let index = -1
  for (const [groupIndex, { groupName, wallets }] of walletList.entries()) {
    for (const createWallet of wallets) {
      index++
      const wallet = createWallet({
        projectId,
        appName,
        options: { metadata },
        walletConnectParameters: { metadata },
      })
      // RainbowKit keeps the first wallet of an id, and drops one whose hidden() says so.
      if (seen.has(wallet.id)) continue
      seen.add(wallet.id)
      const { createConnector, hidden, ...meta } = wallet
      if (hidden?.()) continue
      const details = (extra: Partial<RainbowKitDetails> = {}): { rkDetails: RainbowKitDetails } => ({
        rkDetails: withoutUndefined({
          ...meta,
          index,
          groupIndex: groupIndex + 1,
          groupName,
          isRainbowKitConnector: true,
          ...extra,
        }),
      })
      // WalletConnect is listed twice: RainbowKit's own QR code view, and the official WalletConnect modal.
      if (wallet.id === 'walletConnect')
        connectors.push(createConnector(details({ isWalletConnectModalConnector: true, showQrModal: true })))
      connectors.push(createConnector(details()))
    }
  }
  return connectors
}

const withoutUndefined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
