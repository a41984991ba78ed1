// Webhooks are the operator's (config `webhooks`, env CONCORD_WEBHOOKS as JSON), never a user's: an API user
// cannot make the gateway POST to an address of their choosing. Secrets stay in the configuration: they are
// not stored, logged or served.
import { NOTIFICATION_TYPES } from '@concord/safe/notificationTypes'
import { isAddress } from 'viem'
import { z } from 'zod'

export const webhookSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }),
  /** The HMAC-SHA256 key of X-Concord-Signature. */
  secret: z.string().min(16, 'expected at least 16 characters'),
  /** Event types to deliver; all when absent. */
  events: z.array(z.enum(NOTIFICATION_TYPES)).min(1).optional(),
  /** Chain ids to deliver events of; all when absent. */
  chains: z.array(z.number().int().positive()).min(1).optional(),
  /**
   * Safes to deliver events of (any chain); all when absent, which on a public chain means every Safe the
   * indexer follows.
   */
  safes: z
    .array(z.string().refine((v) => isAddress(v, { strict: false }), 'expected an address'))
    .min(1)
    .optional(),
  /** Attempts before a delivery is marked FAILED. */
  maxAttempts: z.number().int().min(1).max(20).default(8),
  /** The wait after the first failed attempt; it doubles after each further one (at most an hour). */
  backoffSeconds: z.number().positive().max(3600).default(10),
  /** How long one attempt may take. */
  timeoutSeconds: z.number().positive().max(60).default(10),
})

export type Webhook = z.infer<typeof webhookSchema>

/** The list, with one entry per URL (deliveries are stored by URL, which picks the secret to sign with). */
export const webhooksSchema = z
  .preprocess((v) => {
    if (typeof v !== 'string') return v
    try {
      return JSON.parse(v)
    } catch {
      return v // reported below as not an array
    }
  }, z.array(webhookSchema))
  .superRefine((hooks, ctx) => {
    const seen = new Set<string>()
    hooks.forEach((hook, i) => {
      if (seen.has(hook.url))
        ctx.addIssue({ code: 'custom', path: [i, 'url'], message: `duplicate webhook ${hook.url}` })
      seen.add(hook.url)
    })
  })
