import { defineChain } from 'viem'
import { describe, expect, it } from 'vitest'
import { createWagmiConfig } from './wagmi'

const chain = (id: number, rpc: string) =>
  defineChain({
    id,
    name: `Chain ${id}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpc] } },
  })

describe('createWagmiConfig', () => {
  it("reads a chain without a public RPC through the wallet's node, others over HTTP", () => {
    const config = createWagmiConfig({
      chains: [chain(1, 'https://rpc.example'), chain(2, '')],
      connectors: [],
    })
    const typeOf = (id: 1 | 2) =>
      config._internal.transports[id]?.({ chain: config.chains.find((c) => c.id === id) }).config.type
    expect(typeOf(1)).toBe('http')
    expect(typeOf(2)).toBe('connector')
  })
})
