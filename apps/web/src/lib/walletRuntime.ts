import type { Config } from 'wagmi'
import { createExternalStore } from './externalStore'

// wagmi, viem and the wallet connectors are a lazy chunk (app/wagmiRuntime.ts): a first visit to the start page,
// with no wallet to reconnect, never loads them. It loads when a screen needs the chain (RequireWallet), when the
// wallet dialogs are asked for, or at boot when a wallet was connected before or the app runs in a Safe's frame.
// Until then the rest of the app reads the account from here, which never imports wagmi at run time.

export type WalletStatus = 'connected' | 'connecting' | 'reconnecting' | 'disconnected'

/** The connected account as the header, the start page and sign-in need it (mirrored from wagmi once loaded). */
export type WalletAccount = {
  status: WalletStatus
  address: `0x${string}` | undefined
  chainId: number | undefined
  /** The chain's name when the gateway serves the wallet's chain, undefined on a chain it does not serve. */
  chainName: string | undefined
  /** The gateway's short name of that chain ("eth", "gno") and its logo, for a narrow header. */
  chainShortName: string | undefined
  chainLogoUrl: string | undefined
}

type State = { config: Config | undefined; account: WalletAccount }

const DISCONNECTED: WalletAccount = {
  status: 'disconnected',
  address: undefined,
  chainId: undefined,
  chainName: undefined,
  chainShortName: undefined,
  chainLogoUrl: undefined,
}

const store = createExternalStore<State>({ config: undefined, account: DISCONNECTED })
let loader: (() => Promise<void>) | undefined
let wanted = false
let loading: Promise<void> | undefined
let settle: { resolve: () => void; reject: (error: unknown) => void } | undefined

const setState = (next: Partial<State>): void => store.set({ ...store.get(), ...next })

/**
 * The app registers how to load the wallet (it knows the chains); a load asked for before that starts then. A new
 * loader (e.g. the gateway now serves other chains) runs at once when the wallet is already loaded.
 */
export function registerWalletLoader(load: () => Promise<void>): void {
  loader = load
  if (wanted) void run(load)
}

function run(load: () => Promise<void>): Promise<void> {
  const attempt = load()
  attempt.then(
    () => settle?.resolve(),
    (error: unknown) => {
      // A failed chunk download can be tried again by the next request.
      wanted = false
      loading = undefined
      settle?.reject(error)
    },
  )
  return attempt
}

/** Loads wagmi and the connectors once; resolves when the config is in place. */
export function loadWallet(): Promise<void> {
  if (loading) return loading
  wanted = true
  loading = new Promise<void>((resolve, reject) => {
    settle = { resolve, reject }
  })
  if (loader) void run(loader)
  return loading
}

/** Called by the wallet runtime with its wagmi config, and with the account on every change. */
export function setWalletConfig(config: Config): void {
  setState({ config })
}

export function setWalletAccount(account: WalletAccount): void {
  const current = store.get().account
  if (
    current.status === account.status &&
    current.address === account.address &&
    current.chainId === account.chainId &&
    current.chainName === account.chainName &&
    current.chainShortName === account.chainShortName &&
    current.chainLogoUrl === account.chainLogoUrl
  )
    return
  setState({ account })
}

/** Before wagmi has loaded: a wallet remembered from a previous visit shows as reconnecting, not as absent. */
export function expectReconnect(): void {
  if (!store.get().config) setState({ account: { ...DISCONNECTED, status: 'reconnecting' } })
}

/** The wagmi config once loaded (what WagmiContext provides), undefined before. */
export const useWalletConfig = (): Config | undefined => store.use().config

export const useWalletAccount = (): WalletAccount => store.use().account

/**
 * Whether wagmi's persisted store (`<storageKey>.store` in localStorage) holds a connection from a previous visit,
 * which wagmi will try to reconnect: read without wagmi, to decide whether to load it at boot.
 */
export function hasRememberedConnection(storageKey = 'wagmi'): boolean {
  try {
    const raw = window.localStorage.getItem(`${storageKey}.store`)
    if (!raw) return false
    const stored = JSON.parse(raw) as { state?: { connections?: { value?: unknown } } }
    const connections = stored.state?.connections?.value
    return Array.isArray(connections) && connections.length > 0
  } catch {
    return false // no storage (private mode) or a value wagmi did not write: nothing to reconnect
  }
}
