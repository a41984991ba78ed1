// Gateway configuration, parsed once at start from the environment plus an optional JSON file
// (CONCORD_CONFIG). Every problem is reported with the name of the setting that caused it.
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { type Abi, type Address, getAddress } from 'viem'
import { z } from 'zod'
import { FatalError } from '../errors/GatewayError.ts'
import { LOG_LEVELS } from '../log/logger.ts'
import { AbiEntryError, parseAbiEntries } from './abiEntries.ts'
import { chainConfigSchema } from './chainConfig.ts'
import { HTTP_ENV_KEYS, httpFileShape, httpSettingsShape } from './httpConfig.ts'
import { SITE_ENV_KEYS, siteFileShape, siteSettingsShape } from './siteConfig.ts'
import { webhooksSchema } from './webhooksConfig.ts'

/**
 * An ABI the data decoder should know: human-readable signatures (viem parseAbi) or JSON ABI items, optionally
 * bound to one contract address (then it wins over the built-in ABIs for calls to that address).
 */
const abiSettingSchema = z
  .strictObject({
    address: z
      .string()
      .regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 0x-prefixed 20-byte address')
      .transform((v): Address => getAddress(v))
      .optional(),
    abi: z.array(z.union([z.string(), z.record(z.string(), z.unknown())])).min(1),
  })
  .transform(({ address, abi: entries }, ctx) => {
    let abi: Abi
    try {
      abi = parseAbiEntries(entries)
    } catch (error) {
      const index = error instanceof AbiEntryError ? error.index : undefined
      ctx.addIssue({
        code: 'custom',
        path: index === undefined ? ['abi'] : ['abi', index],
        message: (error as Error).message,
      })
      return z.NEVER
    }
    return address ? { address, abi } : { abi }
  })

export const COINGECKO_API_URL = 'https://api.coingecko.com/api/v3'
export const COINGECKO_PRO_API_URL = 'https://pro-api.coingecko.com/api/v3'

/** Where balances get fiat values: the static tables (default) or a CoinGecko-compatible API. */
const priceSourceSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('static') }),
  z
    .strictObject({
      type: z.literal('coingecko'),
      /** Which key header is sent (x-cg-demo-api-key or x-cg-pro-api-key) and the default base URL. */
      plan: z.enum(['demo', 'pro']).default('demo'),
      baseUrl: z.url({ protocol: /^https?$/ }).optional(),
      apiKey: z.string().min(1).optional(),
      /** How long a price (or its absence) is reused. */
      cacheSeconds: z.number().nonnegative().default(60),
      timeoutMs: z.number().int().positive().default(5_000),
    })
    .superRefine((s, ctx) => {
      if (s.plan === 'pro' && !s.apiKey && !s.baseUrl)
        ctx.addIssue({ code: 'custom', path: ['apiKey'], message: 'required with plan "pro"' })
    })
    .transform((s) => ({
      ...s,
      baseUrl: (s.baseUrl ?? (s.plan === 'pro' ? COINGECKO_PRO_API_URL : COINGECKO_API_URL)).replace(
        /\/+$/,
        '',
      ),
    })),
])

export type PriceSourceSetting = z.infer<typeof priceSourceSchema>

const fileSchema = z.strictObject({
  port: z.number().int().min(0).max(65535).optional(),
  host: z.string().optional(),
  databaseUrl: z.string().optional(),
  dataDir: z.string().optional(),
  webDir: z.string().optional(),
  walletConnectProjectId: z.string().optional(),
  indexer: z.boolean().optional(),
  metadataPrivateHosts: z.boolean().optional(),
  bundledSafeApps: z.boolean().optional(),
  customSafeApps: z.boolean().optional(),
  chains: z.array(chainConfigSchema).default([]),
  abis: z.array(abiSettingSchema).optional(),
  fiatRates: z.record(z.string(), z.number()).optional(),
  priceSource: priceSourceSchema.optional(),
  webhooks: webhooksSchema.optional(),
  adminToken: z.string().optional(),
  logLevel: z.enum(LOG_LEVELS).optional(),
  ...httpFileShape,
  ...siteFileShape,
})

/** A fixed demo table so balances show fiat values offline; operators replace it (config `fiatRates`). */
export const DEFAULT_FIAT_RATES: Record<string, number> = {
  USD: 1,
  EUR: 0.92,
  GBP: 0.79,
  CHF: 0.88,
  JPY: 150,
  CAD: 1.36,
  AUD: 1.52,
}

const databaseUrl = z.string().refine((v) => /^postgres(ql)?:\/\//.test(v) || v === 'pglite:memory', {
  message: 'expected postgres://… (PostgreSQL) or pglite:memory (in-memory PGlite)',
})

export const configSchema = z
  .strictObject({
    port: z.coerce.number().int().min(0).max(65535).default(3000),
    host: z.string().default('127.0.0.1'),
    /** Unset: embedded PGlite in `${dataDir}/pglite`. */
    databaseUrl: databaseUrl.optional(),
    dataDir: z.string().default('.data'),
    /** Built web app to serve on the same origin (optional). */
    webDir: z.string().optional(),
    walletConnectProjectId: z.string().min(1).optional(),
    /** Run the chain indexers in this process (turn off for extra API-only processes). */
    indexer: z.union([z.boolean(), z.stringbool()]).default(true),
    /**
     * Let NFT tokenURI documents be fetched from loopback, private and link-local addresses. Off by default:
     * a tokenURI is chosen by the NFT contract, and its document is served back through the API.
     */
    metadataPrivateHosts: z.union([z.boolean(), z.stringbool()]).default(false),
    /** List the Safe Apps bundled with the web app (e.g. batch payments) in GET …/safe-apps, when served. */
    bundledSafeApps: z.union([z.boolean(), z.stringbool()]).default(true),
    /**
     * Let users add Safe Apps by URL: the page may frame any https app (and, with the gateway on loopback, http
     * apps on loopback). False: only the listed and bundled apps load.
     */
    customSafeApps: z.union([z.boolean(), z.stringbool()]).default(true),
    chains: z.array(chainConfigSchema),
    /** Extra ABIs for the data decoder (config file only). */
    abis: z.array(abiSettingSchema).default([]),
    /** Units of each fiat currency per US dollar; its keys are the supported fiat codes. */
    fiatRates: z
      .record(z.string().regex(/^[A-Z]{3,5}$/, 'expected an upper-case code'), z.number().positive())
      .default(DEFAULT_FIAT_RATES),
    /** Price source for balances (config file only): `{type: 'static'}` or `{type: 'coingecko', …}`. */
    priceSource: priceSourceSchema.default({ type: 'static' }),
    /** Where notification events are POSTed, signed with each webhook's secret (the operator's, not users'). */
    webhooks: webhooksSchema.default([]),
    /** Bearer token of the operator's routes (the webhook delivery log); those routes are off without it. */
    adminToken: z.string().min(16, 'expected at least 16 characters').optional(),
    /** Least severe log level written (pino's levels; `silent` writes nothing). */
    logLevel: z.enum(LOG_LEVELS).default('info'),
    ...httpSettingsShape,
    ...siteSettingsShape,
  })
  .superRefine((config, ctx) => {
    const seen = new Set<number>()
    config.chains.forEach((chain, i) => {
      if (seen.has(chain.chainId))
        ctx.addIssue({
          code: 'custom',
          path: ['chains', i, 'chainId'],
          message: `duplicate chain ${chain.chainId}`,
        })
      seen.add(chain.chainId)
    })
  })

export type Config = z.infer<typeof configSchema>
export type ConfigInput = z.input<typeof configSchema>

/** Environment variables the gateway reads, and the config key each one sets. */
export const ENV_KEYS = {
  PORT: 'port',
  HOST: 'host',
  DATABASE_URL: 'databaseUrl',
  CONCORD_DATA_DIR: 'dataDir',
  CONCORD_WEB_DIR: 'webDir',
  WALLETCONNECT_PROJECT_ID: 'walletConnectProjectId',
  CONCORD_INDEXER: 'indexer',
  CONCORD_METADATA_PRIVATE_HOSTS: 'metadataPrivateHosts',
  CONCORD_BUNDLED_SAFE_APPS: 'bundledSafeApps',
  CONCORD_CUSTOM_SAFE_APPS: 'customSafeApps',
  CONCORD_CHAINS: 'chains',
  CONCORD_WEBHOOKS: 'webhooks',
  CONCORD_ADMIN_TOKEN: 'adminToken',
  // Two names for one key: the first set wins (LOG_LEVEL is the name other tools read too).
  CONCORD_LOG_LEVEL: 'logLevel',
  LOG_LEVEL: 'logLevel',
  ...HTTP_ENV_KEYS,
  ...SITE_ENV_KEYS,
} as const

/** A setting is missing or invalid: start-up stops (nothing to retry until the operator changes it). */
export class ConfigError extends FatalError {
  override name = 'ConfigError'
}

/** Builds the config from an environment (CONCORD_CONFIG file first, variables override it). */
export function loadConfig(env: Record<string, string | undefined>): Config {
  let file: z.infer<typeof fileSchema> = { chains: [] }
  if (env.CONCORD_CONFIG) {
    const path = resolve(env.CONCORD_CONFIG)
    if (!existsSync(path)) throw new ConfigError(`CONCORD_CONFIG: file not found: ${path}`)
    let json: unknown
    try {
      json = JSON.parse(readFileSync(path, 'utf8'))
    } catch (e) {
      throw new ConfigError(`CONCORD_CONFIG: ${path} is not valid JSON (${(e as Error).message})`)
    }
    const parsed = fileSchema.safeParse(json)
    if (!parsed.success) throw new ConfigError(describe(parsed.error, `CONCORD_CONFIG (${path}): `))
    file = parsed.data
  }

  const fromEnv: Record<string, unknown> = {}
  for (const [name, key] of Object.entries(ENV_KEYS)) {
    const value = env[name]
    if (value === undefined || value === '' || key in fromEnv) continue
    if (key === 'chains') {
      try {
        fromEnv.chains = JSON.parse(value)
      } catch (e) {
        throw new ConfigError(`CONCORD_CHAINS: not valid JSON (${(e as Error).message})`)
      }
    } else fromEnv[key] = value
  }
  const unknown = Object.keys(env).filter(
    (k) => k.startsWith('CONCORD_') && !(k in ENV_KEYS) && k !== 'CONCORD_CONFIG',
  )
  if (unknown.length)
    throw new ConfigError(
      `unknown setting ${unknown.join(', ')} (known: ${Object.keys(ENV_KEYS).join(', ')})`,
    )

  const parsed = configSchema.safeParse({ ...file, ...fromEnv })
  if (!parsed.success) throw new ConfigError(describe(parsed.error))
  return parsed.data
}

function describe(error: z.ZodError, prefix = ''): string {
  const envName = (key: PropertyKey | undefined) =>
    Object.entries(ENV_KEYS).find(([, k]) => k === key)?.[0] ?? String(key)
  return error.issues
    .map((i) => {
      const [head, ...rest] = i.path
      const setting = prefix ? i.path.join('.') : [envName(head), ...rest].join('.')
      return `${prefix}${setting || '(root)'}: ${i.message}`
    })
    .join('\n')
}
