import { type Address, defineChain } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createStorage } from 'wagmi'
import { devnet } from './devnetConnector'

// The Devnet wallet over two devnet chains (npm start's second chain): switching moves every request to the other
// node, and a reload reconnects on the chain last switched to.
const chain = (id: number, url: string) =>
  defineChain({
    id,
    name: `Devnet ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })
const first = chain(31337, 'http://first')
const second = chain(1337, 'http://second')
const ACCOUNT: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function setup() {
  const calls: string[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url)
      return new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result: [ACCOUNT] }))
    }),
  )
  const data = new Map<string, string>()
  const storage = createStorage({
    storage: {
      getItem: (key) => data.get(key) ?? null,
      setItem: (key, value) => void data.set(key, value),
      removeItem: (key) => void data.delete(key),
    },
  })
  const emit = vi.fn()
  const create = () =>
    devnet({
      chainId: first.id,
      rpcUrl: 'http://first',
      pickAccount: async (accounts) => accounts[0] as Address,
      otherChains: [{ chainId: second.id, rpcUrl: 'http://second' }],
    })({ chains: [first, second], emitter: { emit } as never, storage: storage as never })
  return { create, calls, emit }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('devnet connector on two chains', () => {
  it('default: switching chain answers the other chain id and sends requests to its node', async () => {
    const { create, calls, emit } = setup()
    const connector = create()
    await connector.connect()
    await expect(connector.switchChain?.({ chainId: second.id })).resolves.toBe(second)
    expect(emit).toHaveBeenCalledWith('change', { chainId: second.id })
    await expect(connector.getChainId()).resolves.toBe(second.id)
    const provider = await connector.getProvider()
    await expect(provider.request({ method: 'eth_chainId' })).resolves.toBe('0x539')
    calls.length = 0
    await provider.request({ method: 'eth_blockNumber' })
    expect(calls).toEqual(['http://second'])
  })

  it('behavior: a reload reconnects on the chain last switched to', async () => {
    const { create } = setup()
    const before = create()
    await before.connect()
    await before.switchChain?.({ chainId: second.id })
    const after = create()
    await expect(after.connect({ isReconnecting: true })).resolves.toMatchObject({ chainId: second.id })
  })

  it('error: a chain that is not a devnet is refused', async () => {
    const { create } = setup()
    const connector = create()
    await connector.connect()
    await expect(connector.switchChain?.({ chainId: 1 })).rejects.toThrow()
  })
})
