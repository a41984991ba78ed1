import { describe, expect, it, vi } from 'vitest'
import {
  openConnectModal,
  registerWalletDialogs,
  type WalletDialogsApi,
  withWalletDialogs,
} from './walletDialogs'

const api = (overrides: Partial<WalletDialogsApi> = {}): WalletDialogsApi => ({
  openConnectModal: vi.fn(),
  openAccountModal: undefined,
  openChainModal: undefined,
  addRecentTransaction: vi.fn(),
  connectModalOpen: false,
  accountModalOpen: false,
  chainModalOpen: false,
  ...overrides,
})

describe('walletDialogs bridge', () => {
  it('behavior: an opener called before RainbowKit mounts asks for it, and runs once it registers', async () => {
    const action = vi.fn()
    withWalletDialogs(action)
    openConnectModal()
    expect(action).not.toHaveBeenCalled()

    const mounted = api()
    registerWalletDialogs(mounted)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(action).toHaveBeenCalledWith(mounted)
    expect(mounted.openConnectModal).toHaveBeenCalledTimes(1)

    // Mounted: actions run at once, and a queued one never runs twice.
    openConnectModal()
    expect(mounted.openConnectModal).toHaveBeenCalledTimes(2)
    expect(action).toHaveBeenCalledTimes(1)
    registerWalletDialogs(undefined)
  })
})
