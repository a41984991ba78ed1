/** Network and caching constants shared by the wagmi, viem and TanStack Query setup. */

/** Default JSON-RPC request timeout (ms). */
export const RPC_TIMEOUT_MS = 10_000

/** JSON-RPC HTTP batching: up to 1000 requests per batch, collected for 32 ms. */
export const RPC_BATCH = { batchSize: 1_000, wait: 32 } as const

/** Node request retries, with exponential backoff from this base delay (ms). */
export const RPC_RETRY_COUNT = 3
export const RPC_RETRY_DELAY_MS = 150

/** How often wagmi polls for new blocks and receipts (ms). */
export const POLLING_INTERVAL_MS = 4_000

/** Multicall3 aggregation: calldata chunk size in bytes. */
export const MULTICALL_BATCH_SIZE = 1_024

/** Lifetime of the persisted query cache and of unused queries (ms): one day. */
export const QUERY_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1_000

/** Bumped when a persisted cache entry shape changes, so stale caches are discarded. */
export const QUERY_CACHE_BUSTER = 'concord-1'

/** localStorage keys owned by the app (wagmi keeps its own `wagmi.*` keys). */
export const STORAGE_KEYS = {
  queryCache: 'concord.query-cache',
  settings: 'concord.settings',
  recentSafes: 'concord.recent-safes',
  /** When the gateway stopped answering (ms since epoch), while it does not answer. */
  gatewayDownSince: 'concord.gateway-down-since',
} as const

/** How many recently opened Safes are remembered. */
export const RECENT_SAFES_LIMIT = 10

/** Balances are shown in this currency until the user picks another one (lower case, as CGW's path segment). */
export const DEFAULT_CURRENCY = 'usd'

/** react-toastify defaults. */
export const TOAST_AUTO_CLOSE_MS = 5_000
export const TOAST_DRAG_PERCENT = 80

/** Default gateway when neither config.json nor the user names one: the public Safe client gateway. */
export const DEFAULT_GATEWAY_URL = 'https://safe-client.safe.global'

export const APP_NAME = 'Concord'
