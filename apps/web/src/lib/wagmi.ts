import type { Chain } from 'viem'
import {
  type Config,
  type CreateConnectorFn,
  createConfig,
  createStorage,
  http,
  injected,
  type Transport,
  unstable_connector,
} from 'wagmi'
import {
  MULTICALL_BATCH_SIZE,
  POLLING_INTERVAL_MS,
  RPC_BATCH,
  RPC_RETRY_COUNT,
  RPC_RETRY_DELAY_MS,
  RPC_TIMEOUT_MS,
} from '../config/constants'

/** The HTTP transport every chain uses, with the app's timeout, batching and retry constants. */
export const createTransport = (rpcUrl: string | undefined): Transport =>
  http(rpcUrl, {
    timeout: RPC_TIMEOUT_MS,
    batch: RPC_BATCH,
    retryCount: RPC_RETRY_COUNT,
    retryDelay: RPC_RETRY_DELAY_MS,
  })

export type CreateWagmiConfigParameters = {
  chains: readonly [Chain, ...Chain[]]
  connectors: CreateConnectorFn[]
  /**
   * Prefix of the keys wagmi persists (default `wagmi`). The app embedded in a host on the same origin shares its
   * localStorage: it keeps its own connection (the Safe connector) apart from the host's wallet.
   */
  storageKey?: string
}

/** wagmi config for the chains the gateway serves (built at runtime, after they load). */
export function createWagmiConfig({ chains, connectors, storageKey }: CreateWagmiConfigParameters): Config {
  const transports: Record<number, Transport> = {}
  for (const chain of chains) {
    const rpcUrl = chain.rpcUrls.default.http[0]
    // A gateway that keeps its chain's RPC private publishes none: read through the connected wallet's node.
    transports[chain.id] = rpcUrl ? createTransport(rpcUrl) : unstable_connector(injected)
  }
  return createConfig({
    chains,
    connectors,
    transports,
    multiInjectedProviderDiscovery: true,
    pollingInterval: POLLING_INTERVAL_MS,
    batch: { multicall: { batchSize: MULTICALL_BATCH_SIZE } },
    // Default key prefix `wagmi`; wagmi versions its persisted store (v2) itself.
    storage: createStorage({
      storage: typeof window === 'undefined' ? undefined : window.localStorage,
      ...(storageKey ? { key: storageKey } : {}),
    }),
    ssr: false,
  })
}
