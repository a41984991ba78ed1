import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import type { Page } from 'playwright-core'
import type { Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { proposeAs } from './safeTx.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Stale data is never silent: with the gateway unreachable (its /v1/ routes aborted in the page; the page and its
// config.json still load, as from a cache or another host), a banner says so and since when, the views showing
// saved data are marked, and a reload still opens the Safe from the saved chains and data. The gateway back,
// the banner and the marks go without a reload.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

let treasury: Address

beforeAll(async () => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
  // One queued transaction, so the saved queue has something to lose.
  await proposeAs(e2e.stack, { safe: treasury, call: { to: testAccount(4).address, value: 7n }, signer: 0 })
})

const BANNER =
  /^Gateway unreachable since (\d{1,2}:\d{2}:\d{2}.*) — showing saved data, trying again every 5 s$/
const MARK = /^Saved data from \d{2}:\d{2}$/

const marks = (page: Page) => page.getByTestId('saved-data-mark')
const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).first().textContent())?.trim()

async function bannerSince(page: Page): Promise<string> {
  const banner = page.getByTestId('gateway-offline-banner')
  await banner.waitFor()
  const match = BANNER.exec((await banner.textContent())?.trim() ?? '')
  expect(match, `banner text: ${await banner.textContent()}`).not.toBeNull()
  return match?.[1] ?? ''
}

/** Every mark shown is a "Saved data from HH:MM" one, and there is at least one. */
async function expectMarked(page: Page): Promise<void> {
  await marks(page).first().waitFor()
  for (const mark of await marks(page).allTextContents()) expect(mark.trim()).toMatch(MARK)
}

/**
 * The saved copy of the query cache (written at most once a second) holds what a reload of the Safe's Home shows
 * during the outage: the chains, the Safe, its balances and its queue.
 */
async function savedForReload(page: Page, safe: Address): Promise<void> {
  await page.waitForFunction(
    ({ key, safe }) => {
      const raw = localStorage.getItem(key)
      if (!raw) return false
      const queries: { queryKey: unknown }[] = JSON.parse(raw).clientState?.queries ?? []
      const keys = queries.map((q) => JSON.stringify(q.queryKey).toLowerCase())
      const saved = (...parts: string[]) => keys.some((k) => parts.every((part) => k.includes(part)))
      return (
        saved('"chains","list"') &&
        saved('"safes"', safe, '"info"') &&
        saved('"assets"', safe, '"balances"') &&
        saved('"queue"', safe, '"list"')
      )
    },
    { key: 'concord.query-cache', safe: `"${safe.toLowerCase()}"` },
  )
}

describe('gateway unreachable', () => {
  it('behavior: banner and saved-data marks, a reload keeps the Safe, and both go when the gateway is back', async () => {
    const page = e2e.page
    const home = `${e2e.stack.url}/?safe=dev:${treasury}`
    // Online: Home, Assets and the queue are fetched (and saved) with no banner and no marks.
    await page.goto(home)
    await page.locator('[data-testid="queued-count"]:text-is("1")').waitFor()
    const balance = await text(page, 'total-balance')
    expect(balance).toMatch(/\$/)
    await page.getByRole('link', { name: 'Assets', exact: true }).click()
    await page.getByTestId('balance-row').first().waitFor()
    await page.getByRole('link', { name: 'Home', exact: true }).click()
    await page.getByRole('link', { name: 'Open the queue' }).click()
    await page.getByTestId('tx-queue').waitFor()
    await expect(marks(page).count()).resolves.toBe(0)
    await expect(page.getByTestId('gateway-offline-banner').count()).resolves.toBe(0)

    // The gateway goes away: every /v1/ request fails at the network level.
    let down = true
    await page.route('**/v1/**', (route) => (down ? route.abort('connectionrefused') : route.fallback()))
    await page.getByRole('link', { name: 'Home', exact: true }).click()
    const since = await bannerSince(page)
    await expectMarked(page)
    // The saved figures stay, marked, rather than an error or an empty "0 queued".
    await expect(text(page, 'queued-count')).resolves.toBe('1')
    await expect(text(page, 'total-balance')).resolves.toBe(balance)
    await page.screenshot({ path: join(screenshotDir, 'gateway-offline-home.png') })

    await page.getByRole('link', { name: 'Assets', exact: true }).click()
    await page.getByTestId('balance-row').first().waitFor()
    await expectMarked(page)
    await page.getByRole('link', { name: 'Home', exact: true }).click()
    await page.getByRole('link', { name: 'Open the queue' }).click()
    await page.getByTestId('tx-queue').waitFor()
    await expectMarked(page)
    await expect(bannerSince(page)).resolves.toBe(since)

    // A reload during the outage: the saved chains boot the app (no full-page error) and Home shows saved data.
    await savedForReload(page, treasury)
    await page.goto(home)
    await expect(bannerSince(page)).resolves.toBe(since)
    await page.locator('[data-testid="queued-count"]:text-is("1")').waitFor()
    await expect(text(page, 'total-balance')).resolves.toBe(balance)
    await expectMarked(page)
    await expect(page.getByText('Could not load chains from the gateway').count()).resolves.toBe(0)
    await page.screenshot({ path: join(screenshotDir, 'gateway-offline-reload.png') })

    // The gateway is back: the retry gets through, the banner and the marks go.
    down = false
    await page.getByTestId('gateway-offline-banner').waitFor({ state: 'detached', timeout: 15_000 })
    await marks(page).first().waitFor({ state: 'detached', timeout: 10_000 })
    await expect(text(page, 'queued-count')).resolves.toBe('1')
    await expect(page.getByTestId('error-state').count()).resolves.toBe(0)
  })
})
