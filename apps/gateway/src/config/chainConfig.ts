// One chain as an operator configures it (config file or CONCORD_CHAINS). Everything but the id, name and
// RPC URL has a default, so a minimal entry is `{ "chainId": 31337, "name": "Devnet", "rpcUrl": "http://…" }`.
import { z } from 'zod'

/** A chain feature key as Safe{Wallet} reads them (`ERC721`, `SAFE_APPS`, …): free-form upper snake case, as in CGW. */
export const featureKey = z
  .string()
  .regex(/^[A-Z0-9]+(_[A-Z0-9]+)*$/, 'expected an UPPER_SNAKE_CASE feature key')

/**
 * Changes to the features the gateway derives for a chain (what is built, configured and deployed): `add`
 * advertises more, `remove` hides some. A plain list is read as `add` (the older form of this setting).
 */
export const featureOverridesSchema = z
  .union([
    z.array(featureKey).transform((add) => ({ add, remove: [] as string[] })),
    z.strictObject({ add: z.array(featureKey).default([]), remove: z.array(featureKey).default([]) }),
  ])
  .default({ add: [], remove: [] })

const hexAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte address')
const url = z.url({ protocol: /^(https?|wss?)$/ })
/** An absolute http(s) URL holding the placeholder, e.g. `https://etherscan.io/address/{{address}}`. */
const explorerTemplate = (placeholder: string) =>
  z.string().refine(
    (v) => {
      const filled = v.replaceAll(placeholder, 'x')
      return v.includes(placeholder) && URL.canParse(filled) && /^https?:$/.test(new URL(filled).protocol)
    },
    { message: `expected an http(s) URL template with ${placeholder}` },
  )

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
  /**
   * How the gateway treats the RPC endpoints: calls per second to each (each call of a batch counts) and calls
   * per JSON-RPC batch at first (halved whenever an endpoint refuses one). Absent: no limit on a devnet, else
   * 10 calls/s and batches of 50, safe for providers' free tiers.
   */
  rpc: z
    .strictObject({
      maxRequestsPerSecond: z.number().positive().optional(),
      maxBatch: z.number().int().min(1).max(1000).optional(),
    })
    .optional(),
  /** WebSocket RPC URL: when set, the indexer follows new heads by subscription instead of polling. */
  wsUrl: z.url({ protocol: /^wss?$/ }).optional(),
  /** RPC URL handed to browsers (defaults to the first rpcUrl). */
  publicRpcUrl: url.optional(),
  /**
   * Block explorer URL templates (`{{address}}`, `{{txHash}}`; `api` with `{{module}}`, `{{action}}`…). Absent:
   * the chain's links point at this gateway's own explorer pages.
   */
  explorer: z
    .strictObject({
      address: explorerTemplate('{{address}}'),
      txHash: explorerTemplate('{{txHash}}'),
      api: z.union([z.literal('').transform(() => undefined), z.url()]).optional(),
    })
    .optional(),
  nativeCurrency: z
    .strictObject({
      name: z.string(),
      symbol: z.string(),
      decimals: z.number().int().min(0).max(36),
      /** Absent: the gateway's default coin logo. */
      logoUri: z.url().optional(),
    })
    .default({ name: 'Ether', symbol: 'ETH', decimals: 18 }),
  features: featureOverridesSchema,
  gasPrice: z.array(gasPriceSchema).default([]),
  /** First block the indexer reads. */
  startBlock: z.number().int().min(0).default(0),
  /**
   * Which Safes the indexer follows: `all` of the chain (reads every Safe event; for an operator with
   * PostgreSQL) or only `watched` ones (those in `watch`, or opened or added through the API), each read with
   * address-filtered queries from its creation. Absent: `all` on a devnet, `watched` on any other chain.
   */
  indexing: z.enum(['all', 'watched']).optional(),
  /** Safes watched from the start (with `indexing: watched`). */
  watch: z.array(hexAddress).default([]),
  /** Most Safes watched on the chain: past it, a request to watch one more is refused. */
  maxWatched: z.number().int().min(1).max(1_000_000).default(1_000),
  /** Blocks below the head whose hashes the indexer keeps and re-checks for reorgs. */
  reorgWindow: z.number().int().min(1).max(10_000).default(64),
  l2: z.boolean().default(true),
  isTestnet: z.boolean().default(false),
  /** Absent: the gateway's default chain logo. */
  logoUri: z.url().optional(),
  theme: z
    .strictObject({ textColor: z.string(), backgroundColor: z.string() })
    .default({ textColor: '#ffffff', backgroundColor: '#12ff80' }),
  ensRegistryAddress: hexAddress.nullable().default(null),
  /** A local development chain whose node holds unlocked test accounts (enables the web's Devnet wallet). */
  devnet: z.boolean().default(false),
  /**
   * Where the chain has its own deployment of a contract Concord's features use, instead of the canonical one:
   * `allowanceModule`, the spending-limit module (the devnet's own AllowanceModule-compatible contract).
   */
  contracts: z.strictObject({ allowanceModule: hexAddress.optional() }).default({}),
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
  /**
   * Names the chain gives addresses (e.g. the devnet's demo Safes), served to everyone at
   * /v1/chains/{chainId}/names: the web shows them where no address book names the address.
   */
  names: z.record(hexAddress, z.string().trim().min(1).max(50)).default({}),
  /** Tokens to hide as spam (besides those whose metadata could not be read). */
  spamTokens: z.array(hexAddress).default([]),
})

export type ChainConfig = z.infer<typeof chainConfigSchema>

/** Whether the chain indexes all its Safes or the watched ones only (see `indexing`). */
export const indexingMode = (chain: ChainConfig): 'all' | 'watched' =>
  chain.indexing ?? (chain.devnet ? 'all' : 'watched')

/** Default logos the gateway serves (modules/chains/logos.routes.ts). */
export const DEFAULT_LOGO_PATHS = { chain: '/logos/chain.svg', native: '/logos/native.svg' } as const

/**
 * The URLs a chain publishes, none of them empty: the configured ones, else the gateway's own (its default
 * logos, and its explorer pages for a chain without an explorer). `publicUrl` is the gateway's public origin.
 */
export function chainUrls(config: ChainConfig, publicUrl: string) {
  const base = publicUrl.replace(/\/+$/, '')
  const own = `${base}/explorer/${config.chainId}`
  return {
    chainLogoUri: config.logoUri ?? `${base}${DEFAULT_LOGO_PATHS.chain}`,
    nativeLogoUri: config.nativeCurrency.logoUri ?? `${base}${DEFAULT_LOGO_PATHS.native}`,
    explorer: {
      address: config.explorer?.address ?? `${own}/address/{{address}}`,
      txHash: config.explorer?.txHash ?? `${own}/tx/{{txHash}}`,
      api:
        config.explorer?.api ??
        `${base}/v1/chains/${config.chainId}/explorer/api?module={{module}}&action={{action}}&address={{address}}&apiKey={{apiKey}}`,
    },
  }
}
