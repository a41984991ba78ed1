import { createExternalStore } from './externalStore'

// RainbowKit's dialogs (connect list, sign-in, QR, get a wallet, switch networks, profile with recent
// transactions) and their provider are a lazy chunk, loaded when a dialog is first needed. The rest of the app
// opens them through this bridge, which never imports RainbowKit: a call before the chunk has mounted asks for
// it (useWalletDialogsWanted turns true), and runs once RainbowKit's hooks have registered here.

export type RecentTransaction = { hash: string; description: string; confirmations?: number }

/** What the mounted RainbowKit provider registers (its hooks' values; an opener is undefined when it does not apply). */
export type WalletDialogsApi = {
  openConnectModal: (() => void) | undefined
  openAccountModal: (() => void) | undefined
  openChainModal: (() => void) | undefined
  addRecentTransaction: (transaction: RecentTransaction) => void
  connectModalOpen: boolean
  accountModalOpen: boolean
  chainModalOpen: boolean
}

type State = { wanted: boolean; api: WalletDialogsApi | undefined }

const store = createExternalStore<State>({ wanted: false, api: undefined })
let pending: ((api: WalletDialogsApi) => void)[] = []

const setState = (next: Partial<State>): void => store.set({ ...store.get(), ...next })

/** Loads and mounts the wallet dialogs (e.g. ahead of a click, or for a screen that needs them). */
export function requestWalletDialogs(): void {
  if (!store.get().wanted) setState({ wanted: true })
}

/** Runs `action` with RainbowKit's hooks, loading the dialogs first when they have not mounted yet. */
export function withWalletDialogs(action: (api: WalletDialogsApi) => void): void {
  const { api } = store.get()
  if (api) action(api)
  else {
    pending.push(action)
    requestWalletDialogs()
  }
}

/**
 * Called by the mounted provider with its hooks' current values (undefined when it unmounts). Queued actions run
 * on the next task: RainbowKit closes its dialogs in an effect when the connection status settles, after ours.
 */
export function registerWalletDialogs(api: WalletDialogsApi | undefined): void {
  setState({ api })
  if (!api || pending.length === 0) return
  const actions = pending
  pending = []
  setTimeout(() => {
    for (const action of actions) action(store.get().api ?? api)
  }, 0)
}

export const openConnectModal = (): void => withWalletDialogs((api) => api.openConnectModal?.())
export const openAccountModal = (): void => withWalletDialogs((api) => api.openAccountModal?.())
export const openChainModal = (): void => withWalletDialogs((api) => api.openChainModal?.())
/** Lists a sent transaction in the wallet profile's recent transactions (RainbowKit's store). */
export const addRecentTransaction = (transaction: RecentTransaction): void =>
  withWalletDialogs((api) => api.addRecentTransaction(transaction))

/** Whether the dialogs' chunk should be mounted. */
export const useWalletDialogsWanted = (): boolean => store.use().wanted

/** The mounted dialogs' state, undefined until RainbowKit has loaded. */
export const useWalletDialogs = (): WalletDialogsApi | undefined => store.use().api
