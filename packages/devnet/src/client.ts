import { type Chain, createTestClient, publicActions, type Transport, walletActions } from 'viem'

export const devnetChain = {
  id: 31337,
  name: 'Concord Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  testnet: true,
} as const satisfies Chain

/**
 * The second devnet chain's id (`npm start` runs it beside the first, for multichain features). 1337 because the
 * Safe singleton factory needs a presigned deployment transaction for the chain id, and
 * @safe-global/safe-singleton-factory has one for 1337 (none for 31338).
 */
export const SECOND_DEVNET_CHAIN_ID = 1337

/** Which node serves the devnet: anvil (a child process) or Hardhat 2 in this process (the fallback). */
export type DevnetEngine = 'anvil' | 'hardhat'

/**
 * One client with public, wallet and test actions (snapshot, revert, mine, setCode, …) for the devnet's node:
 * `http(rpcUrl)` for anvil, `custom(provider)` for the in-process Hardhat provider (no HTTP hop).
 */
export function createDevnetClient(
  transport: Transport,
  engine: DevnetEngine,
  chainId: number = devnetChain.id,
) {
  // Automine mines at once, but anvil may answer eth_sendTransaction a moment before the receipt exists: poll
  // quickly instead of viem's 4 s default, and never serve a cached block number (tests mine, snapshot and
  // revert between reads, so a number from one poll ago is wrong).
  const chain = chainId === devnetChain.id ? devnetChain : { ...devnetChain, id: chainId }
  return createTestClient({ chain, mode: engine, transport, pollingInterval: 50, cacheTime: 0 })
    .extend(publicActions)
    .extend(walletActions)
}

export type DevnetClient = ReturnType<typeof createDevnetClient>

/** A running node with the devnet's chain, before any contract is installed. */
export type DevnetNode = {
  engine: DevnetEngine
  rpcUrl: string
  /** WebSocket endpoint on the same port. */
  wsUrl: string
  port: number
  client: DevnetClient
  stop(): Promise<void>
}
