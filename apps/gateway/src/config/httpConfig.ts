// Settings of the HTTP edge: request body limit, proxy trust, CORS and the web app's frame-ancestors.
// Lists may be given as JSON arrays (config file) or as one comma- or space-separated string (environment).
import { z } from 'zod'

/** 1 MiB: far above any legitimate JSON body of the API (calldata to decode is the largest). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

const list = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(/[\s,]+/)
            .map((s) => s.trim())
            .filter(Boolean)
        : v,
    z.array(item),
  )

const bool = z.union([z.boolean(), z.stringbool()])

/** `https://app.example` or `http://localhost:5173`: scheme, host and port, nothing else. */
const origin = z.string().transform((v, ctx) => {
  const url = URL.canParse(v) ? new URL(v) : undefined
  const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
  if (!url || !/^https?:$/.test(url.protocol) || !bare || v.endsWith('?') || v.endsWith('#')) {
    ctx.addIssue({ code: 'custom', message: `expected an origin like https://app.example, got ${v}` })
    return z.NEVER
  }
  return url.origin
})

/**
 * A CSP frame-ancestors source: 'self', 'none', a scheme (`https:`) or a host source
 * (`https://*.safe.global`, `http://localhost:3000`). `self`/`none` may be written without quotes.
 */
const frameAncestor = z
  .string()
  .transform((v) => (v === 'self' || v === 'none' ? `'${v}'` : v))
  .refine(
    (v) =>
      v === "'self'" ||
      v === "'none'" ||
      /^https?:$/.test(v) ||
      /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i.test(v),
    { message: "expected 'self', 'none', https: or a host source like https://*.example.com" },
  )

/** A per-client token bucket (http/clientBudget.ts): what a client may spend at once, and per second after. */
const budget = z.strictObject({ capacity: z.number().positive(), refillPerSecond: z.number().positive() })

/**
 * Per-client budgets of the costly or storing routes, for an operator whose teams share one address (or a
 * benchmark); absent ones keep their defaults (each route's module says them).
 */
export const clientLimitsSchema = z
  .strictObject({
    /** Proposals and confirmations. */
    writes: budget.optional(),
    signIns: budget.optional(),
    /** Adding and removing delegates. */
    delegates: budget.optional(),
    /** Notification device registrations. */
    registrations: budget.optional(),
    /** Typed-data values hashed for messages. */
    hashing: budget.optional(),
    /** Safes a client makes a chain in watched mode index (by opening them or POST …/watch). */
    watches: budget.optional(),
  })
  .default({})

export type ClientLimits = z.infer<typeof clientLimitsSchema>

export const httpSettingsShape = {
  /** Largest request body accepted (bytes); a larger one answers 413. */
  maxBodyBytes: z.coerce
    .number()
    .int()
    .min(1024)
    .max(64 * 1024 * 1024)
    .default(DEFAULT_MAX_BODY_BYTES),
  /**
   * Honour X-Forwarded-Proto/-Host (the absolute `next`/`previous` links are built from them). Only behind a
   * reverse proxy that sets them: otherwise any client can make the links point at another host.
   */
  trustProxy: bool.default(false),
  /** Origins that may call the API with credentials (cookies), e.g. the web app on another origin. */
  corsOrigins: list(origin).default([]),
  /** Let any other origin read the public routes (without credentials), as CGW's public deployment does. */
  corsAnyOrigin: bool.default(true),
  /** Who may embed the web app in a frame (CSP frame-ancestors). */
  frameAncestors: list(frameAncestor)
    .refine((l) => l.length > 0, 'expected at least one source')
    .refine((l) => !l.includes("'none'") || l.length === 1, "'none' cannot be combined with other sources")
    .default(["'none'"]),
  clientLimits: clientLimitsSchema,
}

/** The same settings in the config file, where an absent one is left to the environment or the default. */
export const httpFileShape = {
  maxBodyBytes: httpSettingsShape.maxBodyBytes.optional(),
  trustProxy: httpSettingsShape.trustProxy.optional(),
  corsOrigins: httpSettingsShape.corsOrigins.optional(),
  corsAnyOrigin: httpSettingsShape.corsAnyOrigin.optional(),
  frameAncestors: httpSettingsShape.frameAncestors.optional(),
  clientLimits: clientLimitsSchema.optional(),
}

/** What the HTTP app needs of them (createApp). */
export type HttpSettings = {
  maxBodyBytes: number
  trustProxy: boolean
  corsOrigins: readonly string[]
  corsAnyOrigin: boolean
  clientLimits?: ClientLimits
}

export const HTTP_ENV_KEYS = {
  CONCORD_MAX_BODY_BYTES: 'maxBodyBytes',
  CONCORD_TRUST_PROXY: 'trustProxy',
  CONCORD_CORS_ORIGINS: 'corsOrigins',
  CONCORD_CORS_ANY_ORIGIN: 'corsAnyOrigin',
  CONCORD_FRAME_ANCESTORS: 'frameAncestors',
} as const
