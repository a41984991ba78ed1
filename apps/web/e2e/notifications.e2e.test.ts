import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import type { Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { proposeAs } from './safeTx.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Notifications without a push service: account #0, owner of "solo", enables notifications for it in
// Settings → Notifications (signing the registration), another client proposes a transaction, and the bell
// shows the unread count, the notification centre lists it, and a system notification is shown.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

let solo: Address

beforeAll(() => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  solo = scenario.safes.solo.address
})

describe('notifications', () => {
  it('an owner enables notifications; a proposal appears under the bell and as a system notification', async () => {
    const page = e2e.page
    // The browser's Notification API, allowed, recording what the app shows (headless Chromium has no
    // notification centre to look at).
    await page.addInitScript(() => {
      const shown: string[] = []
      ;(window as unknown as { shownNotifications: string[] }).shownNotifications = shown
      class RecordingNotification {
        static permission = 'default'
        static requestPermission = async () => {
          RecordingNotification.permission = 'granted'
          return 'granted'
        }
        constructor(title: string, options?: { body?: string }) {
          shown.push(`${title} | ${options?.body ?? ''}`)
        }
      }
      Object.defineProperty(window, 'Notification', { value: RecordingNotification, configurable: true })
    })
    await connectDevnet(page, 0, `${e2e.stack.url}/settings/notifications?safe=dev:${solo}`)
    // Event types are team data: shown, but changing them needs a sign-in.
    await page.getByTestId('notifications-team').getByTestId('sign-in-prompt').waitFor()
    expect(await page.getByTestId('notification-type-PENDING_MULTISIG_TRANSACTION').isDisabled()).toBe(true)
    expect(await page.getByTestId('notification-unread').count()).toBe(0)

    await page.getByTestId('notifications-enable').click()
    await page.getByTestId('notifications-enabled').waitFor()
    await page.getByText('System notifications are allowed too.').waitFor()
    await page.getByTestId('notification-bell-button').click()
    await page.getByTestId('notification-panel').waitFor()
    expect(await page.getByTestId('notification-unread').count()).toBe(0)

    // Another owner's client proposes (solo is 1-of-1: proposed, confirmed and ready to execute at once).
    const { safeTxHash } = await proposeAs(e2e.stack, {
      safe: solo,
      call: { to: testAccount(3).address, value: 1n },
      signer: 0,
    })
    // The feed is polled every 15 s (live updates may refresh it sooner).
    await page.getByTestId('notification-unread').getByText('3').waitFor({ timeout: 45_000 })
    const proposed = page.locator(
      '[data-testid="notification-item"][data-type="PENDING_MULTISIG_TRANSACTION"]',
    )
    // Sentences with names and the action read from the transaction, not hashes.
    const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`
    await expect
      .poll(() => proposed.first().getByTestId('notification-text').textContent())
      .toBe(
        `${short(testAccount(0).address)} proposed: send < 0.000001 ETH to ${short(testAccount(3).address)}`,
      )
    await expect.poll(() => proposed.first().getAttribute('data-unread')).toBe('true')
    await page
      .locator('[data-testid="notification-item"][data-type="READY_TO_EXECUTE"]')
      .first()
      .getByTestId('notification-text')
      .filter({ hasText: /^Ready to execute: send < 0\.000001 ETH to / })
      .waitFor()
    const shown = await page.evaluate(
      () => (window as unknown as { shownNotifications: string[] }).shownNotifications,
    )
    expect(shown).toContain(
      `An owner proposed: transaction ${safeTxHash.slice(0, 6)}…${safeTxHash.slice(-4)} | ${solo.slice(0, 6)}…${solo.slice(-4)}`,
    )
    await page.screenshot({ path: join(screenshotDir, 'notifications-bell.png'), fullPage: true })

    // Like a menu: Escape closes it, and so does a click elsewhere on the page. What it showed is now read.
    const panel = page.getByTestId('notification-panel')
    await page.keyboard.press('Escape')
    await panel.waitFor({ state: 'detached' })
    await page.getByTestId('notification-unread').waitFor({ state: 'detached' })
    await page.getByTestId('notification-bell-button').click()
    await panel.waitFor()
    await page.mouse.click(640, 600)
    await panel.waitFor({ state: 'detached' })
    await page.getByTestId('notification-bell-button').click()
    await expect
      .poll(() => panel.getByTestId('notification-settings-link').getAttribute('href'))
      .toBe(`/settings/notifications?safe=dev:${solo}`)

    // The notification opens the transaction.
    await proposed.first().locator('a').click()
    await page.waitForURL(
      (u) => u.pathname === '/transactions/tx' && (u.searchParams.get('id') ?? '').endsWith(safeTxHash),
    )
    // Ready to execute (solo is 1-of-1): the page leads to where it is executed.
    await expect.poll(() => page.getByTestId('tx-queue-link').textContent()).toBe('Execute from the queue')
    await page.getByTestId('tx-queue-link').click()
    await page.waitForURL((u) => u.pathname === '/transactions/queue')
  })

  it('a signed-in owner switches an event type off for the team; it stays off after a reload', async () => {
    const page = e2e.page
    await connectDevnet(page, 0, `${e2e.stack.url}/settings/notifications?safe=dev:${solo}`)
    const toggle = page.getByTestId('notification-type-NEW_CONFIRMATION')
    await toggle.waitFor()
    expect(await toggle.isDisabled()).toBe(true)
    await page.getByTestId('notifications-team').getByTestId('sign-in').click()
    await page.getByTestId('rk-auth-message-button').click()
    await page.getByTestId('notifications-team').getByTestId('signed-in').waitFor()
    await page.locator('[data-testid="notification-type-NEW_CONFIRMATION"]:enabled').waitFor()
    await toggle.uncheck()
    await page.getByText(`Last changed by ${testAccount(0).address}`).waitFor()
    await page.reload()
    await page.getByText(`Last changed by ${testAccount(0).address}`).waitFor()
    expect(await page.getByTestId('notification-type-NEW_CONFIRMATION').isChecked()).toBe(false)
    expect(await page.getByTestId('notification-type-READY_TO_EXECUTE').isChecked()).toBe(true)
  })
})
