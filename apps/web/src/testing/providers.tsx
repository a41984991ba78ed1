// What component tests render inside: a QueryClient (preloaded by the test where it stands in for the gateway)
// and a wagmi config whose only transport is a handler the test writes (the chain, answered per JSON-RPC method).
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { custom, type EIP1193RequestFn } from 'viem'
import { mainnet } from 'viem/chains'
import { createConfig, WagmiProvider } from 'wagmi'

/** The chain's answers: `method` and `params` of each JSON-RPC request; throw for a method the test did not expect. */
export type RpcHandler = (method: string, params: readonly unknown[]) => unknown

/**
 * A wagmi config on mainnet's id whose requests go to `rpc` (nothing leaves the process). Unlike the app's
 * (lib/wagmi.ts), reads are not batched into Multicall3: each contract read reaches `rpc` as its own eth_call.
 */
export function testWagmiConfig(rpc: RpcHandler) {
  const request = (async ({ method, params }: { method: string; params?: unknown }) =>
    rpc(method, (params as readonly unknown[] | undefined) ?? [])) as EIP1193RequestFn
  return createConfig({
    chains: [mainnet],
    transports: { [mainnet.id]: custom({ request }, { retryCount: 0 }) },
    batch: { multicall: false },
    multiInjectedProviderDiscovery: false,
    ssr: false,
  })
}

/** No retries and no refetch of what a test preloaded: a query runs once, and only when nothing is cached. */
export const testQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  })

const noChain: RpcHandler = (method) => {
  throw new Error(`unexpected JSON-RPC request ${method}`)
}

/** Renders `ui` with a QueryClient and a wagmi config (the chain answered by `rpc`). */
export function renderWithProviders(
  ui: ReactNode,
  { queryClient = testQueryClient(), rpc = noChain }: { queryClient?: QueryClient; rpc?: RpcHandler } = {},
) {
  const config = testWagmiConfig(rpc)
  return {
    queryClient,
    config,
    ...render(
      <WagmiProvider config={config} reconnectOnMount={false}>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </WagmiProvider>,
    ),
  }
}
