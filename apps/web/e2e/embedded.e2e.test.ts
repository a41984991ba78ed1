import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Frame, Page } from 'playwright-core'
import type { Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { setupSafeAppsE2E } from './fixtures/safeAppsStack.ts'
import { screenshotDir } from './session.ts'

// Embedded mode: Concord opened as a Safe App in our own host (frame-ancestors 'self', frames from 'self')
// connects through the Safe connector to the host's Safe and works on it; framed by a page that is no Safe host,
// it does not hang and stays an ordinary wallet app.

const e2e = setupSafeAppsE2E()

let solo: Address
beforeAll(() => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  solo = scenario.safes.solo.address
  mkdirSync(screenshotDir, { recursive: true })
})

/** How RainbowKit's account button shortens an address. */
const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`

/** The frame whose document is on the stack's origin (the page's only child frame). */
async function childFrame(page: Page): Promise<Frame> {
  await expect.poll(() => page.frames().length).toBeGreaterThan(1)
  const frame = page.frames().find((f) => f !== page.mainFrame())
  if (!frame) throw new Error('no child frame')
  return frame
}

describe('embedded mode', () => {
  it('default: Concord in our Apps host connects to the host Safe without a wallet dialog; views read it', async () => {
    const page = e2e.page
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    // The host has its own wallet (devnet account #0): the embedded app must not take it over, nor clobber it.
    await connectDevnet(page, 0, `${e2e.stack.url}/apps?safe=dev:${solo}`)
    await page.goto(
      `${e2e.stack.url}/apps?safe=dev:${solo}&appUrl=${encodeURIComponent(`${e2e.stack.url}/`)}`,
    )
    const app = page.frameLocator('[data-testid="safe-app-frame"]')

    // The host's Safe is opened in the frame (its URL gains ?safe=dev:<solo>), connected through the Safe connector.
    const card = app.getByTestId('current-safe')
    await card.waitFor({ state: 'attached' })
    await expect(card.getAttribute('data-address')).resolves.toBe(solo)
    const frame = await childFrame(page)
    await expect.poll(() => new URL(frame.url()).searchParams.get('safe')).toBe(`dev:${solo}`)
    await app.getByTestId('rk-account-button').waitFor()
    await expect(app.getByTestId('rk-account-button').textContent()).resolves.toContain(short(solo))
    await expect(app.getByTestId('rk-connect-button').count()).resolves.toBe(0)
    await expect(app.locator('[role="dialog"]').count()).resolves.toBe(0)
    await expect(page.getByTestId('app-request').count()).resolves.toBe(0)
    await app.getByTestId('embedded-safe-banner').waitFor()
    await expect(app.getByTestId('read-only-banner').count()).resolves.toBe(0)

    // Home, Assets, Transactions of the host's Safe, inside the frame.
    await expect
      .poll(() => app.getByTestId('safe-threshold').textContent(), { timeout: 20_000 })
      .toContain('1/1')
    await app.getByRole('link', { name: 'Assets', exact: true }).click()
    await app.getByTestId('balances-table').waitFor()
    await expect(app.getByTestId('balance-row').count()).resolves.toBeGreaterThan(0)
    await expect.poll(() => new URL(frame.url()).pathname).toBe('/assets')
    expect(new URL(frame.url()).searchParams.get('safe')).toBe(`dev:${solo}`)
    await page.screenshot({ path: join(screenshotDir, 'embedded-assets.png') })
    await app.getByRole('link', { name: 'Transactions', exact: true }).click()
    await expect.poll(() => new URL(frame.url()).pathname).toMatch(/^\/transactions/)
    expect(new URL(frame.url()).searchParams.get('safe')).toBe(`dev:${solo}`)

    // A reload of the frame reconnects through the host by itself.
    await frame.goto(`${e2e.stack.url}/assets?safe=dev:${solo}`)
    await app.getByTestId('rk-account-button').waitFor()
    await expect(app.getByTestId('rk-account-button').textContent()).resolves.toContain(short(solo))

    // The host kept its own wallet connection (same origin, separate wagmi storage).
    await page.goto(`${e2e.stack.url}/apps?safe=dev:${solo}`)
    await page.getByTestId('rk-account-button').waitFor()
    await expect(page.getByTestId('rk-account-button').textContent()).resolves.not.toContain(short(solo))
    expect(errors).toEqual([])
  })

  it('behavior: framed by a page that is no Safe host, Concord does not hang and opens no Safe', async () => {
    const page = e2e.page
    await page.goto(`${e2e.stack.url}/settings`)
    await page.getByRole('link', { name: 'Settings', exact: true }).waitFor()
    // This page answers no Safe Apps message for a frame it added itself (no communicator is bound to it).
    await page.evaluate((src) => {
      const iframe = document.createElement('iframe')
      iframe.src = src
      iframe.style.width = '1200px'
      iframe.style.height = '800px'
      iframe.dataset.testid = 'plain-frame'
      document.body.appendChild(iframe)
    }, `${e2e.stack.url}/`)
    const app = page.frameLocator('[data-testid="plain-frame"]')
    // The Safe connector's handshake times out fast: the wallet button settles on "connect".
    await app.getByTestId('rk-connect-button').first().waitFor({ timeout: 10_000 })
    await app.getByTestId('add-safe-input').waitFor()
    await expect(app.getByTestId('current-safe').count()).resolves.toBe(0)
    const frame = await childFrame(page)
    expect(new URL(frame.url()).searchParams.get('safe')).toBeNull()
  })
})
