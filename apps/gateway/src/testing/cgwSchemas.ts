// The response shapes Safe{Wallet} relies on, written from the Client Gateway's own zod schemas and route
// entities (safe-global/safe-client-gateway). Fields CGW types as URLs use z.url(), as CGW does: an empty string
// fails. Test support only (compat/safeWalletCompat.devnet.test.ts): an oracle kept apart from the routes' own schemas.
import { z } from 'zod'

const address = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const checksummed = address.refine((v) => v !== v.toLowerCase() || !/[a-f]/.test(v), 'not checksummed')

export const AddressInfo = z.object({
  value: checksummed,
  name: z.string().nullable(),
  logoUri: z.string().nullable(),
})

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    count: z.number().int().nullable().optional(),
    next: z.url().nullable(),
    previous: z.url().nullable(),
    results: z.array(item),
  })

const RpcUri = z.object({
  authentication: z.enum(['API_KEY_PATH', 'NO_AUTHENTICATION', 'UNKNOWN']),
  value: z.string(),
})

export const Chain = z.object({
  chainId: z.string(),
  chainName: z.string(),
  description: z.string(),
  chainLogoUri: z.url().nullable(),
  l2: z.boolean(),
  isTestnet: z.boolean(),
  zk: z.boolean(),
  shortName: z.string(),
  rpcUri: RpcUri,
  safeAppsRpcUri: RpcUri,
  publicRpcUri: RpcUri,
  blockExplorerUriTemplate: z.object({ address: z.string(), txHash: z.string(), api: z.string() }),
  beaconChainExplorerUriTemplate: z.object({ publicKey: z.string().nullable() }),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number(), logoUri: z.url() }),
  balancesProvider: z.object({ chainName: z.string().nullable(), enabled: z.boolean() }),
  transactionService: z.url(),
  theme: z.object({ textColor: z.string(), backgroundColor: z.string() }),
  gasPrice: z.array(
    z.discriminatedUnion('type', [
      z.object({ type: z.literal('oracle'), uri: z.url(), gasParameter: z.string(), gweiFactor: z.string() }),
      z.object({ type: z.literal('fixed'), weiValue: z.string() }),
      z.object({ type: z.literal('fixed1559'), maxFeePerGas: z.string(), maxPriorityFeePerGas: z.string() }),
    ]),
  ),
  ensRegistryAddress: address.nullable(),
  disabledWallets: z.array(z.string()),
  features: z.array(z.string()),
  recommendedMasterCopyVersion: z.string(),
  relayer: z
    .object({
      type: z.enum(['GTF', 'RELAY_FEE', 'DAILY_LIMIT', 'NO_FEE_CAMPAIGN']).nullable(),
      safeCreationSponsored: z.boolean(),
      safeTransactionSponsored: z.boolean(),
      enableTenderlySimulationBeforeRelay: z.boolean(),
    })
    .nullable(),
})

export const SafeInfo = z.object({
  address: AddressInfo,
  chainId: z.string(),
  nonce: z.number().int(),
  threshold: z.number().int(),
  owners: z.array(AddressInfo),
  implementation: AddressInfo,
  implementationVersionState: z.enum(['UP_TO_DATE', 'OUTDATED', 'UNKNOWN']),
  modules: z.array(AddressInfo).nullable(),
  fallbackHandler: AddressInfo.nullable(),
  guard: AddressInfo.nullable(),
  version: z.string().nullable(),
  collectiblesTag: z.string().nullable(),
  txQueuedTag: z.string().nullable(),
  txHistoryTag: z.string().nullable(),
  messagesTag: z.string().nullable(),
})

const decimalString = z.string().regex(/^-?\d+(\.\d+)?$/)

const TokenInfo = z.object({
  type: z.enum(['NATIVE_TOKEN', 'ERC20', 'ERC721']),
  address,
  decimals: z.number().int(),
  symbol: z.string(),
  name: z.string(),
  logoUri: z.string(),
})

export const Balances = z.object({
  fiatTotal: decimalString,
  items: z.array(
    z.object({
      tokenInfo: TokenInfo,
      balance: z.string().regex(/^\d+$/),
      fiatBalance: decimalString,
      fiatConversion: decimalString,
      fiatBalance24hChange: z.string().nullable(),
    }),
  ),
})

const TransactionSummary = z.object({
  id: z.string(),
  timestamp: z.number(),
  txStatus: z.enum(['AWAITING_CONFIRMATIONS', 'AWAITING_EXECUTION', 'CANCELLED', 'FAILED', 'SUCCESS']),
  txInfo: z.object({ type: z.string(), humanDescription: z.string().nullable().optional() }).loose(),
  executionInfo: z
    .discriminatedUnion('type', [
      z.object({
        type: z.literal('MULTISIG'),
        nonce: z.number().int(),
        confirmationsRequired: z.number().int(),
        confirmationsSubmitted: z.number().int(),
        missingSigners: z.array(AddressInfo).nullable().optional(),
      }),
      z.object({ type: z.literal('MODULE'), address: AddressInfo }),
    ])
    .nullable(),
  safeAppInfo: z.object({ name: z.string(), url: z.string(), logoUri: z.string().nullable() }).nullable(),
  txHash: z.string().nullable(),
})

export const TransactionListItem = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('TRANSACTION'),
    transaction: TransactionSummary,
    conflictType: z.enum(['None', 'HasNext', 'End']),
  }),
  z.object({ type: z.literal('DATE_LABEL'), timestamp: z.number() }),
  z.object({ type: z.literal('LABEL'), label: z.enum(['Next', 'Queued']) }),
  z.object({ type: z.literal('CONFLICT_HEADER'), nonce: z.number().int() }),
])

export const Collectible = z.object({
  address,
  tokenName: z.string(),
  tokenSymbol: z.string(),
  logoUri: z.string(),
  id: z.string(),
  uri: z.string().nullable(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  imageUri: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
})

export const SafeOverview = z.object({
  address: AddressInfo,
  chainId: z.string(),
  threshold: z.number().int(),
  owners: z.array(AddressInfo),
  fiatTotal: decimalString,
  queued: z.number().int(),
  awaitingConfirmation: z.number().int().nullable(),
})

const isoDate = z.iso.datetime()

export const IndexingStatus = z.object({
  currentBlockNumber: z.number().int(),
  currentBlockTimestamp: isoDate,
  erc20BlockNumber: z.number().int(),
  erc20BlockTimestamp: isoDate,
  erc20Synced: z.boolean(),
  masterCopiesBlockNumber: z.number().int(),
  masterCopiesBlockTimestamp: isoDate,
  masterCopiesSynced: z.boolean(),
  synced: z.boolean(),
  lastSync: z.number().int(),
})

export const Protocol = z.object({
  protocol: z.string(),
  protocol_metadata: z.object({
    name: z.string(),
    icon: z.object({ url: z.url().nullable() }),
    url: z.string().nullable().optional(),
  }),
  fiatTotal: decimalString,
  items: z.array(
    z.object({
      name: z.string(),
      items: z.array(
        z.object({
          position_type: z.enum([
            'deposit',
            'loan',
            'locked',
            'staked',
            'reward',
            'wallet',
            'airdrop',
            'margin',
            'unknown',
          ]),
          tokenInfo: TokenInfo,
          balance: z.string(),
          fiatBalance: decimalString,
          fiatBalance24hChange: z.string().nullable(),
          fiatConversion: decimalString,
        }),
      ),
    }),
  ),
})

export const DelegateV2 = z.object({
  safe: checksummed.nullable(),
  delegate: checksummed,
  delegator: checksummed,
  label: z.string(),
})

export const MessageItem = z.union([
  z.object({ type: z.literal('DATE_LABEL'), timestamp: z.number() }),
  z.object({
    type: z.literal('MESSAGE'),
    messageHash: z.string(),
    status: z.enum(['NEEDS_CONFIRMATION', 'CONFIRMED']),
    logoUri: z.string().nullable(),
    name: z.string().nullable(),
    message: z.union([z.string(), z.record(z.string(), z.unknown())]),
    creationTimestamp: z.number(),
    modifiedTimestamp: z.number(),
    confirmationsSubmitted: z.number().int(),
    confirmationsRequired: z.number().int(),
    proposedBy: AddressInfo,
    confirmations: z.array(z.object({ owner: AddressInfo, signature: z.string() })),
    preparedSignature: z.string().nullable(),
  }),
])

export const SafeApp = z.object({
  id: z.number().int(),
  url: z.url(),
  name: z.string(),
  iconUrl: z.url().nullable(),
  description: z.string(),
  chainIds: z.array(z.string()),
  provider: z.object({ url: z.url(), name: z.string() }).nullable(),
  accessControl: z.object({
    type: z.enum(['NO_RESTRICTIONS', 'DOMAIN_ALLOWLIST', 'UNKNOWN']),
    value: z.array(z.url()).nullable(),
  }),
  tags: z.array(z.string()),
  features: z.array(z.string()),
  developerWebsite: z.url().nullable(),
  socialProfiles: z.array(
    z.object({ platform: z.enum(['DISCORD', 'GITHUB', 'TWITTER', 'TELEGRAM', 'UNKNOWN']), url: z.url() }),
  ),
  featured: z.boolean(),
})

/** Keys whose string values CGW types as URLs or Safe{Wallet} hands to `new URL()` / `<img src>`. */
export const URL_KEYS = new Set([
  'chainLogoUri',
  'transactionService',
  'uri',
  'url',
  'iconUrl',
  'developerWebsite',
  'next',
  'previous',
])

/** Every string at a URL-typed key (and the chain's logo, explorer and RPC values), with its path. */
export function urlFields(value: unknown, path = '$'): { path: string; value: unknown }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => urlFields(v, `${path}[${i}]`))
  if (!value || typeof value !== 'object') return []
  return Object.entries(value).flatMap(([key, v]) => {
    const here = `${path}.${key}`
    const chainUrl =
      (key === 'logoUri' && path.endsWith('.nativeCurrency')) ||
      (/\.(blockExplorerUriTemplate)$/.test(path) && typeof v === 'string') ||
      (key === 'value' && /\.(rpcUri|publicRpcUri|safeAppsRpcUri)$/.test(path))
    const own = (URL_KEYS.has(key) && typeof v === 'string') || chainUrl ? [{ path: here, value: v }] : []
    return [...own, ...urlFields(v, here)]
  })
}
