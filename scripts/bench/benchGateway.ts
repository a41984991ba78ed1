// The gateway the in-process benchmarks (bench:api, bench:indexer, bench:proposals) measure: in-memory PGlite (or
// DATABASE_URL), no background indexer (each bench syncs when it wants), on a local devnet indexed whole.
import { type ConfigInput, configSchema, createGateway } from '@concord/gateway'

export function benchGatewayConfig(
  devnet: { chainId: number; rpcUrl: string },
  extra: Partial<ConfigInput> = {},
): ConfigInput {
  return {
    port: 0,
    databaseUrl: process.env.DATABASE_URL ?? 'pglite:memory',
    indexer: false,
    ...extra,
    chains: [
      {
        chainId: devnet.chainId,
        name: 'Devnet',
        rpcUrl: devnet.rpcUrl,
        // A local node: no provider rate limit to keep under.
        rpc: { maxRequestsPerSecond: 1_000_000 },
        // The whole chain, as an operator indexes one (not only the Safes opened).
        indexing: 'all',
      },
    ],
  }
}

export const startBenchGateway = (
  devnet: { chainId: number; rpcUrl: string },
  extra?: Partial<ConfigInput>,
) => createGateway(configSchema.parse(benchGatewayConfig(devnet, extra)))
