// One viem client per chain, with the seed's transport constants. Parallel calls made in the same tick are
// sent as one JSON-RPC batch, unless `batch: false` (for calls whose answers are large, e.g. eth_getLogs: one
// batch of them is one response body holding every answer, tens of MB on a long backfill).
import { createPublicClient, http, type PublicClient } from 'viem'
import type { ChainConfig } from '../config/chainConfig.ts'

export function createRpcClient(
  chain: Pick<ChainConfig, 'rpcUrl'>,
  { batch = true, maxResponseBodySize }: { batch?: boolean; maxResponseBodySize?: number } = {},
): PublicClient {
  return createPublicClient({
    // A contract's OffchainLookup revert (EIP-3668) would make the gateway fetch a URL the contract picks
    // (a token's name(), a Safe owner's isValidSignature): never follow it.
    ccipRead: false,
    transport: http(chain.rpcUrl[0], {
      timeout: 10_000,
      retryCount: 3,
      retryDelay: 150,
      batch: batch && { batchSize: 1000, wait: 0 },
      ...(maxResponseBodySize ? { maxResponseBodySize } : {}),
    }),
  })
}

/** Clients for the API routes, created on first use per chain. */
export function createRpcClients() {
  const clients = new Map<number, PublicClient>()
  return {
    get(chain: Pick<ChainConfig, 'chainId' | 'rpcUrl'>): PublicClient {
      let client = clients.get(chain.chainId)
      if (!client) {
        client = createRpcClient(chain)
        clients.set(chain.chainId, client)
      }
      return client
    },
  }
}

export type RpcClients = ReturnType<typeof createRpcClients>
