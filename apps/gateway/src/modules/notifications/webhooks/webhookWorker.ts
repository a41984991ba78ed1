// Delivers webhook_deliveries: claims due ones, POSTs the event as signed JSON, and records each attempt.
// A retryable failure (an HTTP status other than 2xx, a timeout, a refused connection) is retried with
// exponential backoff until the webhook's maxAttempts, then the delivery is FAILED. A fatal one (the webhook
// was removed, the request cannot be built) fails the delivery at once. Nothing is dropped unrecorded: each
// outcome is stored, logged and counted in status(). Any non-2xx status is retried, 4xx included: a receiver
// being redeployed answers 404 for a while, and maxAttempts bounds the cost.

import { describeError, FatalError } from '../../../errors/GatewayError.ts'
import { type Logger, log as rootLog } from '../../../log/logger.ts'
import type { NotificationEventRow } from '../notifications.repository.ts'
import { notificationBody } from '../notificationTypes.ts'
import { backoffMs, type Webhook, webhookOrigin } from './webhookConfig.ts'
import type { Delivery, WebhookDeliveriesRepository } from './webhookDeliveries.repository.ts'
import { signWebhook } from './webhookSignature.ts'

/** Deliveries taken per claim. */
const BATCH = 10
/** Checked at least this often, for deliveries another process enqueued or whose lease ran out. */
const IDLE_POLL_MS = 5_000

export type WebhookWorker = {
  /** Looks for due deliveries now (after an event was stored). */
  wake(): void
  stop(): Promise<void>
  /** Outcomes of this process's attempts since start. */
  status(): { delivered: number; retried: number; failed: number }
}

export function startWebhookWorker(deps: {
  deliveries: WebhookDeliveriesRepository
  webhooks: readonly Webhook[]
  log?: Logger
  fetch?: typeof fetch
}): WebhookWorker {
  const log = (deps.log ?? rootLog).child({ module: 'webhooks' })
  const counts = { delivered: 0, retried: 0, failed: 0 }
  const doFetch = deps.fetch ?? fetch
  const byUrl = new Map(deps.webhooks.map((w) => [w.url, w]))
  const shutdown = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | undefined
  let again = false
  let stopped = false

  const attempt = async (delivery: Delivery, event: NotificationEventRow) => {
    const webhook = byUrl.get(delivery.url)
    const attempts = delivery.attempts + 1
    const origin = webhookOrigin(delivery.url)
    const where = `webhook delivery ${delivery.id} (${event.type}, event ${event.id}) to ${origin}`
    const fields = { deliveryId: delivery.id, eventId: event.id, eventType: event.type, origin }
    /** Fatal for this delivery: FAILED now, with the reason stored and logged. */
    const fail = async (error: FatalError, attempts: number) => {
      counts.failed++
      log.error({ ...fields, err: error, attempts }, `${where}: FAILED, ${error.shortMessage}`)
      await deps.deliveries.recordAttempt(delivery.id, {
        status: 'FAILED',
        attempts,
        statusCode: null,
        error: error.shortMessage,
        nextAttemptAt: Date.now(),
        deliveredAt: null,
      })
    }
    // The operator removed this webhook since the event: there is no secret left to sign with.
    if (!webhook) return fail(new FatalError('webhook no longer configured'), delivery.attempts)
    let body: string
    let signature: string
    const timestamp = Math.floor(Date.now() / 1000)
    try {
      body = JSON.stringify(notificationBody(event))
      signature = signWebhook(webhook.secret, timestamp, body)
    } catch (e) {
      // The stored event cannot be turned into a request: every later attempt would fail the same way.
      return fail(
        new FatalError('the request could not be built', { cause: e, details: describeError(e) }),
        attempts,
      )
    }
    let statusCode: number | null = null
    let error: string | null = null
    try {
      const res = await doFetch(webhook.url, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Concord-Webhooks/1',
          'x-concord-event': event.type,
          'x-concord-delivery': String(delivery.id),
          'x-concord-timestamp': String(timestamp),
          'x-concord-signature': signature,
        },
        body,
        signal: AbortSignal.any([shutdown.signal, AbortSignal.timeout(webhook.timeoutSeconds * 1000)]),
      })
      statusCode = res.status
      await res.body?.cancel().catch(() => undefined)
      if (!res.ok) error = `HTTP ${res.status}`
    } catch (e) {
      if (shutdown.signal.aborted) {
        // Cut short by stop(): not an attempt. Due again at once, for this or another process.
        await deps.deliveries.release(delivery.id, Date.now()).catch(() => undefined)
        return
      }
      const cause = (e as { cause?: { code?: string; message?: string } }).cause
      error = (e as Error).name === 'TimeoutError' ? 'timeout' : (cause?.code ?? cause?.message ?? String(e))
    }
    const now = Date.now()
    if (!error) {
      counts.delivered++
      log.info(
        { ...fields, attempts, statusCode },
        `${where}: DELIVERED on attempt ${attempts} (HTTP ${statusCode})`,
      )
      await deps.deliveries.recordAttempt(delivery.id, {
        status: 'DELIVERED',
        attempts,
        statusCode,
        error: null,
        nextAttemptAt: now,
        deliveredAt: now,
      })
      return
    }
    const failed = attempts >= webhook.maxAttempts
    const wait = backoffMs(webhook, attempts)
    if (failed) counts.failed++
    else counts.retried++
    log[failed ? 'error' : 'warn'](
      { ...fields, attempts, maxAttempts: webhook.maxAttempts, statusCode, error, retryable: true },
      `${where}: attempt ${attempts}/${webhook.maxAttempts} failed (${error}), ${failed ? 'FAILED' : `retry in ${wait} ms`}`,
    )
    await deps.deliveries.recordAttempt(delivery.id, {
      status: failed ? 'FAILED' : 'PENDING',
      attempts,
      statusCode,
      error,
      nextAttemptAt: failed ? now : now + wait,
      deliveredAt: null,
    })
  }

  const leaseMs = Math.max(...deps.webhooks.map((w) => w.timeoutSeconds * 1000), 10_000) + 30_000

  const runOnce = async () => {
    for (;;) {
      if (stopped) return
      const batch = await deps.deliveries.claimDue(Date.now(), BATCH, leaseMs)
      if (!batch.length) return
      await Promise.all(batch.map(({ delivery, event }) => attempt(delivery, event)))
    }
  }

  const schedule = async () => {
    if (stopped) return
    const next = await deps.deliveries.nextDueAt().catch(() => undefined)
    if (stopped) return
    const wait = next === undefined ? IDLE_POLL_MS : Math.min(Math.max(next - Date.now(), 10), IDLE_POLL_MS)
    clearTimeout(timer)
    timer = setTimeout(run, wait)
  }

  function run() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    clearTimeout(timer)
    running = (async () => {
      do {
        again = false
        try {
          await runOnce()
        } catch (error) {
          // The database, most likely: the claimed deliveries come back when their lease runs out.
          if (!stopped) log.error({ err: error }, `delivery run failed: ${describeError(error)}`)
        }
      } while (again && !stopped)
      await schedule()
    })().finally(() => {
      running = undefined
      if (again) run() // woken while it was scheduling the next run
    })
  }

  run()
  return {
    wake: run,
    async stop() {
      stopped = true
      clearTimeout(timer)
      shutdown.abort()
      await running
    },
    status: () => ({ ...counts }),
  }
}
