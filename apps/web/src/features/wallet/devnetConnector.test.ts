import { type Address, defineChain } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createStorage } from 'wagmi'
import { devnet } from './devnetConnector'

const ACCOUNT_0: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT_1: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const devnetChain = defineChain({
  id: 31337,
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://node'] } },
})

function setup() {
  let nodeAccounts: Address[] = [ACCOUNT_0, ACCOUNT_1]
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: nodeAccounts }))),
  )
  const data = new Map<string, string>()
  const storage = createStorage({
    storage: {
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => void data.set(key, value),
      removeItem: (key) => void data.delete(key),
    },
  })
  const pickAccount = vi.fn(async (accounts: readonly Address[]) => accounts[1] as Address)
  const create = () =>
    devnet({ chainId: devnetChain.id, rpcUrl: 'http://node', pickAccount })({
      chains: [devnetChain],
      emitter: { emit: vi.fn() } as never,
      storage: storage as never,
    })
  const restartNode = (accounts: Address[]) => {
    nodeAccounts = accounts
  }
  return { create, pickAccount, restartNode }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('devnet connector', () => {
  it('default: not authorized before the first connection', async () => {
    const { create } = setup()
    const connector = create()
    await expect(connector.isAuthorized()).resolves.toBe(false)
    await expect(connector.getAccounts()).resolves.toEqual([])
  })

  it('behavior: after a reload a fresh connector is authorized and restores the picked account', async () => {
    const { create, pickAccount } = setup()
    await expect(create().connect()).resolves.toMatchObject({
      accounts: [ACCOUNT_1],
      chainId: devnetChain.id,
    })
    expect(pickAccount).toHaveBeenCalledTimes(1)

    // A page reload builds a new connector over the same storage.
    const reloaded = create()
    await expect(reloaded.isAuthorized()).resolves.toBe(true)
    await expect(reloaded.getAccounts()).resolves.toEqual([ACCOUNT_1])
    await expect(reloaded.connect({ isReconnecting: true })).resolves.toMatchObject({ accounts: [ACCOUNT_1] })
    expect(pickAccount).toHaveBeenCalledTimes(1)
  })

  it('behavior: disconnect ends the authorization', async () => {
    const { create } = setup()
    const connector = create()
    await connector.connect()
    await connector.disconnect()
    const reloaded = create()
    await expect(reloaded.isAuthorized()).resolves.toBe(false)
    await expect(reloaded.getAccounts()).resolves.toEqual([])
  })

  it('behavior: a restarted devnet without the stored account asks again', async () => {
    const { create, restartNode } = setup()
    await create().connect()
    restartNode([ACCOUNT_0])
    await expect(create().isAuthorized()).resolves.toBe(false)
  })
})
