// One chain as an operator configures it (config file or CONCORD_CHAINS). Everything but the id, name and
// RPC URL has a default, so a minimal entry is `{ "chainId": 31337, "name": "Devnet", "rpcUrl": "http://…" }`.
import { z } from 'zod'

export const CHAIN_FEATURES = [
  'ERC721',
  'SAFE_APPS',
  'CONTRACT_INTERACTION',
  'DOMAIN_LOOKUP',
  'SPENDING_LIMIT',
  'EIP1559',
  'SAFE_TX_GAS_OPTIONAL',
  'TX_SIMULATION',
  'EIP1271',
] as const

const hexAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte address')
const url = z.url({ protocol: /^(https?|wss?)$/ })

const gasPriceSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('ORACLE'), uri: url, gasParameter: z.string(), gweiFactor: z.string() }),
  z.strictObject({ type: z.literal('FIXED'), weiValue: z.string().regex(/^\d+$/) }),
  z.strictObject({
    type: z.literal('FIXED1559'),
    maxFeePerGas: z.string().regex(/^\d+$/),
    maxPriorityFeePerGas: z.string().regex(/^\d+$/),
  }),
])

export const chainConfigSchema = z.strictObject({
  chainId: z.number().int().positive(),
  name: z.string().min(1),
  /** EIP-3770 prefix, e.g. "eth". */
  shortName: z.string().min(1).optional(),
  description: z.string().default(''),
  /** RPC URL(s) the gateway reads the chain from; the first one is primary. */
  rpcUrl: z.union([url, z.array(url).min(1)]).transform((v) => (Array.isArray(v) ? v : [v])),
  /** WebSocket RPC URL: when set, the indexer follows new heads by subscription instead of polling. */
  wsUrl: z.url({ protocol: /^wss?$/ }).optional(),
  /** RPC URL handed to browsers (defaults to the first rpcUrl). */
  publicRpcUrl: url.optional(),
  explorer: z
    .strictObject({ address: z.string(), txHash: z.string(), api: z.string().default('') })
    .default({ address: '', txHash: '', api: '' }),
  nativeCurrency: z
    .strictObject({
      name: z.string(),
      symbol: z.string(),
      decimals: z.number().int().min(0).max(36),
      logoUri: z.string().default(''),
    })
    .default({ name: 'Ether', symbol: 'ETH', decimals: 18, logoUri: '' }),
  features: z.array(z.enum(CHAIN_FEATURES)).default([...CHAIN_FEATURES]),
  gasPrice: z.array(gasPriceSchema).default([]),
  /** First block the indexer reads. */
  startBlock: z.number().int().min(0).default(0),
  /** Blocks below the head whose hashes the indexer keeps and re-checks for reorgs. */
  reorgWindow: z.number().int().min(1).max(10_000).default(64),
  l2: z.boolean().default(true),
  isTestnet: z.boolean().default(false),
  logoUri: z.string().nullable().default(null),
  theme: z
    .strictObject({ textColor: z.string(), backgroundColor: z.string() })
    .default({ textColor: '#ffffff', backgroundColor: '#12ff80' }),
  ensRegistryAddress: hexAddress.nullable().default(null),
  /** A local development chain whose node holds unlocked test accounts (enables the web's Devnet wallet). */
  devnet: z.boolean().default(false),
  /** Extra Safe singletons (beyond the canonical 1.3.0/1.4.1 ones) a proxy may use to count as a Safe. */
  masterCopies: z.array(z.strictObject({ address: hexAddress, version: z.string() })).default([]),
  /** Static USD prices, the default price source (no third-party key): the native coin and tokens by address. */
  prices: z
    .strictObject({
      native: z.number().nonnegative().optional(),
      tokens: z.record(hexAddress, z.number().nonnegative()).default({}),
    })
    .default({ tokens: {} }),
  /** CoinGecko ids of the chain, used when the price source is CoinGecko (else the static `prices` apply). */
  coingecko: z
    .strictObject({
      /** Asset platform id for token prices by contract address, e.g. "ethereum". */
      platform: z.string().min(1),
      /** Coin id of the native currency, e.g. "ethereum". */
      nativeCoinId: z.string().min(1),
    })
    .optional(),
  /** Tokens to hide as spam (besides those whose metadata could not be read). */
  spamTokens: z.array(hexAddress).default([]),
})

export type ChainConfig = z.infer<typeof chainConfigSchema>
