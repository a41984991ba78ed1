import type { ChainConfig } from '../config/chainConfig.ts'
import { type Config, type ConfigInput, configSchema } from '../config/config.ts'
import { devnetChainConfig } from '../config/devnetChain.ts'

type ChainInput = Partial<ChainConfig> & Pick<ChainConfig, 'chainId'>

/** A valid Config for tests; typed against the schema so new required settings break here first. */
export function createTestConfig(
  overrides: Omit<Partial<ConfigInput>, 'chains'> & { chains?: ChainInput[] } = {},
): Config {
  const chains = (overrides.chains ?? [{ chainId: 31337, name: 'Devnet', devnet: true }]).map((c) => ({
    name: `Chain ${c.chainId}`,
    rpcUrl: 'http://127.0.0.1:8545',
    // Tests of the whole-chain index run on plain chain entries; watched mode is asked for where tested.
    indexing: 'all' as const,
    ...c,
  }))
  return configSchema.parse({ port: 0, databaseUrl: 'pglite:memory', indexer: false, ...overrides, chains })
}

/** A Config serving one embedded devnet (in-memory store, indexer driven by the test through sync()). */
export function createDevnetTestConfig(
  devnet: Parameters<typeof devnetChainConfig>[0],
  overrides: Omit<Partial<ConfigInput>, 'chains'> = {},
): Config {
  return configSchema.parse({
    port: 0,
    databaseUrl: 'pglite:memory',
    indexer: false,
    ...overrides,
    chains: [devnetChainConfig(devnet)],
  })
}
