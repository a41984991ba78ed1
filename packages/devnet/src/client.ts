import {
  type Chain,
  createTestClient,
  custom,
  type EIP1193Provider,
  publicActions,
  walletActions,
} from 'viem'

export const devnetChain = {
  id: 31337,
  name: 'Concord Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
} as const satisfies Chain

/** One client with public, wallet and hardhat test actions over the in-process provider (no HTTP hop). */
export function createDevnetClient(provider: EIP1193Provider) {
  return createTestClient({ chain: devnetChain, mode: 'hardhat', transport: custom(provider) })
    .extend(publicActions)
    .extend(walletActions)
}

export type DevnetClient = ReturnType<typeof createDevnetClient>
