/**
 * Which wallets the connect dialog offers. RainbowKit adds its own "Recent" and "Installed"
 * (EIP-6963) groups on top of these.
 */
export type WalletId =
  | 'devnet'
  | 'injected'
  | 'metaMask'
  | 'safe'
  | 'brave'
  | 'rabby'
  | 'frame'
  | 'phantom'
  | 'walletConnect'
  | 'rainbow'
  | 'trust'
  | 'ledger'
  | 'zerion'

export type WalletGroup = { groupName: 'Recommended' | 'Other'; walletIds: WalletId[] }

export type SelectWalletGroupsParameters = {
  /** WalletConnect Cloud project id from config.json; without it nothing may contact WalletConnect. */
  walletConnectProjectId: string | null
  /** The gateway lists the devnet chain named by config.json's devnetChainId. */
  devnetAvailable: boolean
  /** MetaMask is injected in this browser (it then connects without WalletConnect). */
  metaMaskInjected: boolean
}

export function selectWalletGroups({
  walletConnectProjectId,
  devnetAvailable,
  metaMaskInjected,
}: SelectWalletGroupsParameters): WalletGroup[] {
  const withWalletConnect = walletConnectProjectId !== null && walletConnectProjectId !== ''
  const recommended: WalletId[] = [
    ...(devnetAvailable ? (['devnet'] as const) : []),
    'injected',
    // Without an injected MetaMask, RainbowKit's metaMaskWallet connects through WalletConnect.
    ...(withWalletConnect || metaMaskInjected ? (['metaMask'] as const) : []),
    'safe',
    ...(withWalletConnect ? (['walletConnect', 'rainbow'] as const) : []),
  ]
  // Injected-only wallets never fall back to WalletConnect.
  const other: WalletId[] = [
    'brave',
    'rabby',
    'frame',
    'phantom',
    ...(withWalletConnect ? (['trust', 'ledger', 'zerion'] as const) : []),
  ]
  return [
    { groupName: 'Recommended', walletIds: recommended },
    { groupName: 'Other', walletIds: other },
  ]
}

/** Wallet ids that reach WalletConnect's relay when used; never offered without a project id. */
export const WALLET_CONNECT_WALLETS: readonly WalletId[] = [
  'walletConnect',
  'rainbow',
  'trust',
  'ledger',
  'zerion',
]
