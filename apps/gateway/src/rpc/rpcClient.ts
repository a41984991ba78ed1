// One viem client per chain and use. Every configured URL is an endpoint with its own rate, batch cap and
// health (endpoint.ts, providerFetch.ts); several URLs fail over to each other (viem's fallback). Parallel
// calls made in the same tick are sent as one JSON-RPC batch, unless `batch: false` (for calls whose answers
// are large, e.g. eth_getLogs: one batch of them is one response body holding every answer).
import { createPublicClient, fallback, http, type PublicClient, type Transport } from 'viem'
import type { ChainConfig } from '../config/chainConfig.ts'
import { endpointFor } from './endpoint.ts'
import { createProviderFetch } from './providerFetch.ts'

type RpcChain = Pick<ChainConfig, 'chainId' | 'rpcUrl'> & Partial<Pick<ChainConfig, 'devnet' | 'rpc'>>

export type RpcClientOptions = {
  batch?: boolean
  maxResponseBodySize?: number
  /** Longest a call waits on rate limits before failing: short for API requests, long for the indexer. */
  maxWaitMs?: number
  /** Attempts at a call the endpoint fails (5xx, HTML, network): few for API requests, more for the indexer. */
  attempts?: number
  /** `background` (the indexer): its calls wait behind the API's for room under the endpoint's rate. */
  lane?: 'foreground' | 'background'
}

/** The endpoint settings of a chain: its `rpc` config, else no limit on a devnet and free-tier-safe elsewhere. */
export function endpointSettings(chain: RpcChain) {
  const devnet = chain.devnet ?? false
  return {
    chainId: chain.chainId,
    maxRequestsPerSecond: chain.rpc?.maxRequestsPerSecond ?? (devnet ? Number.POSITIVE_INFINITY : 10),
    maxBatch: chain.rpc?.maxBatch ?? (devnet ? 1000 : 50),
  }
}

export function createRpcClient(chain: RpcChain, options: RpcClientOptions = {}): PublicClient {
  const { batch = true, maxResponseBodySize, maxWaitMs = 15_000, attempts = 2, lane } = options
  const settings = endpointSettings(chain)
  const transports: Transport[] = chain.rpcUrl.map((url) =>
    http(url, {
      fetchFn: createProviderFetch(endpointFor(url, settings), { maxWaitMs, attempts, lane }),
      // providerFetch retries and times out each attempt; viem's limit covers its waits as well.
      timeout: maxWaitMs + 60_000,
      retryCount: 0,
      batch: batch && { batchSize: 1000, wait: 0 },
      ...(maxResponseBodySize ? { maxResponseBodySize } : {}),
    }),
  )
  return createPublicClient({
    // A contract's OffchainLookup revert (EIP-3668) would make the gateway fetch a URL the contract picks
    // (a token's name(), a Safe owner's isValidSignature): never follow it.
    ccipRead: false,
    transport:
      transports.length === 1 ? (transports[0] as Transport) : fallback(transports, { retryCount: 0 }),
  })
}

/**
 * Clients for the API routes, created on first use per chain; `background` ones (work no one waits on, such as the
 * recovery watcher) wait behind the API's calls for room under the rate, as the indexer's do.
 */
export function createRpcClients() {
  const clients = new Map<string, PublicClient>()
  return {
    get(chain: RpcChain, lane: 'foreground' | 'background' = 'foreground'): PublicClient {
      const key = `${chain.chainId}:${lane}`
      let client = clients.get(key)
      if (!client) {
        client = createRpcClient(chain, { lane })
        clients.set(key, client)
      }
      return client
    },
  }
}

export type RpcClients = ReturnType<typeof createRpcClients>
