// Which configured webhooks want an event, when to retry, and how to name one in logs (the schema of the
// `webhooks` setting is in config/webhooksConfig.ts).
import { isAddressEqual } from 'viem'
import type { Webhook } from '../../../config/webhooksConfig.ts'

export { type Webhook, webhookSchema, webhooksSchema } from '../../../config/webhooksConfig.ts'

/** The configured webhooks that want this event. */
export function webhooksFor(
  webhooks: readonly Webhook[],
  event: { type: string; chainId: number; safe: string },
): Webhook[] {
  return webhooks.filter(
    (w) =>
      (!w.events || (w.events as readonly string[]).includes(event.type)) &&
      (!w.chains || w.chains.includes(event.chainId)) &&
      (!w.safes || w.safes.some((s) => isAddressEqual(s as `0x${string}`, event.safe as `0x${string}`))),
  )
}

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function backoffMs(webhook: Pick<Webhook, 'backoffSeconds'>, attempts: number): number {
  return Math.min(webhook.backoffSeconds * 1000 * 2 ** Math.max(attempts - 1, 0), 3_600_000)
}

/** Where a webhook points, for log lines: its origin only (a URL path may itself be a secret, as Slack's). */
export function webhookOrigin(url: string): string {
  return URL.canParse(url) ? new URL(url).origin : '(invalid URL)'
}
