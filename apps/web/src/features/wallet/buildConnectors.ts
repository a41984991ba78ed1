import type { WalletList } from '@rainbow-me/rainbowkit'
import {
  braveWallet,
  frameWallet,
  injectedWallet,
  ledgerWallet,
  metaMaskWallet,
  phantomWallet,
  rabbyWallet,
  rainbowWallet,
  trustWallet,
  walletConnectWallet,
  zerionWallet,
} from '@rainbow-me/rainbowkit/wallets'
import type { CreateConnectorFn } from 'wagmi'
import { APP_NAME } from '../../config/constants'
import type { DevnetConnectorParameters } from './devnetConnector'
import { type CreateWalletFn, devnetWallet } from './devnetWallet'
import { safeAppWallet } from './safeAppWallet'
import { selectWalletGroups, type WalletId } from './walletGroups'
import { withDeferredIcon } from './walletIcons'
import { connectorsForWalletList } from './walletListConnectors'

type EthereumWindow = Window & { ethereum?: { isMetaMask?: boolean } }

const injectedProvider = () =>
  typeof window === 'undefined' ? undefined : (window as EthereumWindow).ethereum

// RainbowKit's "Browser Wallet" would otherwise be listed (and fail) when nothing is injected.
const browserWallet: CreateWalletFn = () => ({
  ...injectedWallet(),
  installed: injectedProvider() !== undefined,
})

const WALLETS: Record<Exclude<WalletId, 'devnet'>, CreateWalletFn> = {
  injected: browserWallet,
  metaMask: metaMaskWallet,
  // Offered (and auto-connected, see EmbeddedSafeConnector) only inside a Safe host's frame.
  safe: safeAppWallet,
  brave: braveWallet,
  rabby: rabbyWallet,
  frame: frameWallet,
  phantom: phantomWallet,
  walletConnect: walletConnectWallet,
  rainbow: rainbowWallet,
  trust: trustWallet,
  ledger: ledgerWallet,
  zerion: zerionWallet,
}

export type BuildConnectorsParameters = {
  walletConnectProjectId: string | null
  /** Set when the devnet chain is among the gateway's chains. */
  devnet: DevnetConnectorParameters | undefined
}

/** The wagmi connectors behind RainbowKit's wallet list. */
export function buildConnectors({
  walletConnectProjectId,
  devnet,
}: BuildConnectorsParameters): CreateConnectorFn[] {
  const groups = selectWalletGroups({
    walletConnectProjectId,
    devnetAvailable: devnet !== undefined,
    metaMaskInjected: injectedProvider()?.isMetaMask === true,
  })
  const walletList: WalletList = groups.map(({ groupName, walletIds }) => ({
    groupName,
    wallets: walletIds.map((id) =>
      id === 'devnet' && devnet
        ? devnetWallet(devnet)
        : withDeferredIcon(WALLETS[id as keyof typeof WALLETS]),
    ),
  }))
  return connectorsForWalletList(walletList, {
    appName: APP_NAME,
    // RainbowKit requires a string; no WalletConnect-based wallet is listed when it is empty.
    projectId: walletConnectProjectId ?? '',
  })
}
