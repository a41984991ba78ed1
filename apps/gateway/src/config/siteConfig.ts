// Settings that shape what Safe{Wallet} and other CGW clients are told about this gateway: its public URL (the
// absolute URLs of its chains), the Safe Apps it lists and the service keys of /v2/chains.
import { z } from 'zod'
import { featureKey } from './chainConfig.ts'

/** `https://wallet.example` or `https://example.org/concord`: where clients reach this gateway. */
export const publicUrlSchema = z
  .url({ protocol: /^https?$/ })
  .refine((v) => !new URL(v).search && !new URL(v).hash, 'expected a URL without query or fragment')
  .transform((v) => v.replace(/\/+$/, ''))

const httpUrl = z.url({ protocol: /^https?$/ })

/** A Safe App listed by GET /v1/chains/{chainId}/safe-apps (the Client Gateway's Safe Apps route). */
export const safeAppSettingSchema = z.strictObject({
  /** Defaults to the app's position in the list, from 1. */
  id: z.number().int().positive().optional(),
  url: httpUrl,
  name: z.string().min(1),
  iconUrl: httpUrl.nullable().default(null),
  description: z.string().default(''),
  /** Chains the app is listed on; empty: every chain of this gateway. */
  chainIds: z.array(z.number().int().positive()).default([]),
  provider: z.strictObject({ url: httpUrl, name: z.string() }).nullable().default(null),
  /** Origins (clientUrl) that may list the app; absent: no restriction. */
  allowedDomains: z.array(httpUrl).optional(),
  tags: z.array(z.string()).default([]),
  features: z.array(z.string()).default([]),
  developerWebsite: httpUrl.nullable().default(null),
  socialProfiles: z
    .array(z.strictObject({ platform: z.enum(['DISCORD', 'GITHUB', 'TWITTER', 'TELEGRAM']), url: httpUrl }))
    .default([]),
  featured: z.boolean().default(false),
})

export type SafeAppSetting = z.infer<typeof safeAppSettingSchema>

/**
 * Service keys of /v2/chains (`WALLET_WEB` for the web app, `MOBILE`, `CGW`), each with changes to the
 * features every chain advertises to that service. An unknown key answers 404, as CGW's does.
 */
export const serviceKeysSchema = z
  .record(
    z.string().regex(/^[-a-zA-Z0-9_]+$/, 'expected a key of letters, digits, - and _'),
    z.strictObject({ add: z.array(featureKey).default([]), remove: z.array(featureKey).default([]) }),
  )
  .default({
    // Safe{Wallet} reaches these through routes Concord does not serve the same way (tx notes in the proposal's
    // `origin`, Firebase push registration at /v2/register/notifications, its own export job): Concord's web has
    // them, Safe{Wallet} would offer actions that fail.
    WALLET_WEB: { add: [], remove: ['TX_NOTES', 'PUSH_NOTIFICATIONS', 'CSV_TX_EXPORT'] },
    MOBILE: { add: [], remove: [] },
    CGW: { add: [], remove: [] },
  })

export type ServiceKeys = z.infer<typeof serviceKeysSchema>

export const siteFileShape = {
  publicUrl: publicUrlSchema.optional(),
  safeApps: z.array(safeAppSettingSchema).optional(),
  serviceKeys: serviceKeysSchema.optional(),
}

export const siteSettingsShape = {
  /** Where clients reach this gateway; absent: http://{host}:{port} (never taken from request headers). */
  publicUrl: publicUrlSchema.optional(),
  safeApps: z.array(safeAppSettingSchema).default([]),
  serviceKeys: serviceKeysSchema,
}

export const SITE_ENV_KEYS = { CONCORD_PUBLIC_URL: 'publicUrl' } as const

/** What the routes need of these settings; `publicUrl` is read per request (the port may be known only after listen). */
export type SiteSettings = {
  publicUrl: () => string
  safeApps: readonly SafeAppSetting[]
  serviceKeys: ServiceKeys
  /** List the Safe Apps bundled with the web app (served from `webDir`) besides `safeApps` (default true). */
  bundledSafeApps?: boolean
  /** The built web app this gateway serves, if any (bundled apps are listed only when it holds them). */
  webDir?: string | undefined
}

export const DEFAULT_SITE: SiteSettings = {
  publicUrl: () => 'http://127.0.0.1:3000',
  safeApps: [],
  serviceKeys: serviceKeysSchema.parse(undefined),
}

/** Safe Apps listed on a chain (an empty `chainIds` lists the app on every chain). */
export const safeAppsOn = (safeApps: readonly SafeAppSetting[], chainId: number) =>
  safeApps.filter((a) => a.chainIds.length === 0 || a.chainIds.includes(chainId))
