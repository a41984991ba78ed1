import type { WalletList } from '@rainbow-me/rainbowkit'
import { createConnector } from 'wagmi'
import { type DevnetConnectorParameters, devnet } from './devnetConnector'

const ICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 28 28"><rect width="28" height="28" fill="#1b1f2a"/>' +
    '<path d="M7 9l5 5-5 5M14 19h7" stroke="#f6c445" stroke-width="2.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)}`

export type CreateWalletFn = WalletList[number]['wallets'][number]

/** RainbowKit wallet entry for the embedded devnet's test accounts. */
export const devnetWallet =
  (parameters: DevnetConnectorParameters): CreateWalletFn =>
  () => ({
    id: 'devnet',
    name: 'Devnet wallet',
    iconUrl: ICON,
    iconBackground: '#1b1f2a',
    installed: true,
    createConnector: (walletDetails) =>
      createConnector((config) => ({
        ...devnet(parameters)(config),
        ...walletDetails,
      })),
  })
