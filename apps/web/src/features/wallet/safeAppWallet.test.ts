import { getAddress, http } from 'viem'
import { mainnet } from 'viem/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createConfig } from 'wagmi'
import { SAFE_CONNECTOR_ID } from '../../lib/safeAppFrame'
import { safeAppWallet } from './safeAppWallet'

const SAFE = getAddress('0x3dba2a5f7e3bf4a6a3a3e8f1e8d6f5c4b3a29ac9')

type Listener = (event: { data: unknown; source: unknown; origin: string }) => void

/** A `window` framed by a parent that answers getSafeInfo (or nothing at all). */
function stubFramedWindow(answer: boolean) {
  const listeners: Listener[] = []
  const parent = {
    postMessage: vi.fn((request: { id: string; method: string }) => {
      if (!answer || request.method !== 'getSafeInfo') return
      const data = { safeAddress: SAFE, chainId: 1, threshold: 1, owners: [SAFE], isReadOnly: true }
      setTimeout(() => {
        for (const l of listeners)
          l({ data: { id: request.id, success: true, version: '9.1.0', data }, source: parent, origin: 'x' })
      }, 1)
    }),
  }
  vi.stubGlobal('window', {
    parent,
    crypto: globalThis.crypto,
    addEventListener: (_type: string, listener: Listener) => listeners.push(listener),
    removeEventListener: () => undefined,
  })
  return parent
}

function safeConnector() {
  const wallet = safeAppWallet({ projectId: '', appName: 'Concord' } as Parameters<typeof safeAppWallet>[0])
  const config = createConfig({
    chains: [mainnet],
    connectors: [
      wallet.createConnector({
        rkDetails: { ...wallet, groupName: 'x', index: 0, isRainbowKitConnector: true },
      } as never),
    ],
    transports: { [mainnet.id]: http() },
    multiInjectedProviderDiscovery: false,
    storage: null,
  })
  const connector = config.connectors.find((c) => c.id === SAFE_CONNECTOR_ID)
  if (!connector) throw new Error('no safe connector')
  return connector
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('safeAppWallet', () => {
  it('outside a frame: no provider, not authorized', async () => {
    const self = { crypto: globalThis.crypto } as { parent?: unknown }
    self.parent = self
    vi.stubGlobal('window', self)
    const connector = safeConnector()
    await expect(connector.getProvider()).resolves.toBeUndefined()
    await expect(connector.isAuthorized()).resolves.toBe(false)
  })

  it('framed by a Safe host: connects to its Safe and chain', async () => {
    stubFramedWindow(true)
    const connector = safeConnector()
    await expect(connector.isAuthorized()).resolves.toBe(true)
    await expect(connector.connect()).resolves.toEqual({ accounts: [SAFE], chainId: 1 })
  })

  it('framed by a page that does not answer: times out once, then no provider without asking again', async () => {
    const parent = stubFramedWindow(false)
    const connector = safeConnector()
    const started = Date.now()
    await expect(connector.getProvider()).resolves.toBeUndefined()
    expect(Date.now() - started).toBeLessThan(2_000)
    await expect(connector.isAuthorized()).resolves.toBe(false)
    await expect(connector.getProvider()).resolves.toBeUndefined()
    expect(parent.postMessage).toHaveBeenCalledTimes(1)
  })
})
