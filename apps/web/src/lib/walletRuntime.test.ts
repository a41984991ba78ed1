import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Config } from 'wagmi'

// The module keeps one wallet per page: each test loads a fresh copy.
const fresh = async () => {
  vi.resetModules()
  return import('./walletRuntime')
}

const storage = new Map<string, string>()
vi.stubGlobal('window', {
  localStorage: {
    getItem: (key: string) => storage.get(key) ?? null,
  },
})

afterEach(() => storage.clear())

describe('walletRuntime', () => {
  it('behavior: a load asked for before the app registers its loader runs once registered, and only once', async () => {
    const runtime = await fresh()
    const loaded = runtime.loadWallet()
    expect(runtime.loadWallet()).toBe(loaded)
    const config = {} as Config
    const loader = vi.fn(async () => runtime.setWalletConfig(config))
    runtime.registerWalletLoader(loader)
    await loaded
    expect(loader).toHaveBeenCalledTimes(1)
  })

  it('behavior: nothing loads until asked (the start page for a visitor without a wallet)', async () => {
    const runtime = await fresh()
    const loader = vi.fn(async () => {})
    runtime.registerWalletLoader(loader)
    expect(loader).not.toHaveBeenCalled()
    await runtime.loadWallet()
    expect(loader).toHaveBeenCalledTimes(1)
  })

  it('failure: a failed load (chunk not downloaded) rejects, and the next request tries again', async () => {
    const runtime = await fresh()
    const loader = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined)
    runtime.registerWalletLoader(loader)
    await expect(runtime.loadWallet()).rejects.toThrow('offline')
    await expect(runtime.loadWallet()).resolves.toBeUndefined()
    expect(loader).toHaveBeenCalledTimes(2)
  })

  it('behavior: a wallet connection kept by wagmi from a previous visit is recognised without wagmi', async () => {
    const { hasRememberedConnection } = await fresh()
    expect(hasRememberedConnection()).toBe(false)
    const stored = (connections: unknown[]) =>
      JSON.stringify({
        state: { connections: { __type: 'Map', value: connections }, chainId: 1 },
        version: 2,
      })
    storage.set('wagmi.store', stored([]))
    expect(hasRememberedConnection()).toBe(false)
    storage.set('wagmi.store', stored([['uid', { accounts: ['0x1'], chainId: 1 }]]))
    expect(hasRememberedConnection()).toBe(true)
    expect(hasRememberedConnection('wagmi.embedded')).toBe(false)
    storage.set('wagmi.store', '{not json')
    expect(hasRememberedConnection()).toBe(false)
  })
})
