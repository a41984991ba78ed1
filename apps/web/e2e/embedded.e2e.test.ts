import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import type { Frame, Page } from 'playwright-core'
import { type Address, type Hex, isAddressEqual, parseEther, recoverAddress } from 'viem'
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
    await expect.poll(() => card.getAttribute('data-address')).toBe(solo)
    const frame = await childFrame(page)
    await expect.poll(() => new URL(frame.url()).searchParams.get('safe')).toBe(`dev:${solo}`)
    await app.getByTestId('rk-account-button').waitFor()
    await expect.poll(() => app.getByTestId('rk-account-button').textContent()).toContain(short(solo))
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
    await expect.poll(() => app.getByTestId('balance-row').count()).toBeGreaterThan(0)
    await expect.poll(() => new URL(frame.url()).pathname).toBe('/assets')
    expect(new URL(frame.url()).searchParams.get('safe')).toBe(`dev:${solo}`)
    await page.screenshot({ path: join(screenshotDir, 'embedded-assets.png') })
    await app.getByRole('link', { name: 'Transactions', exact: true }).click()
    await expect.poll(() => new URL(frame.url()).pathname).toMatch(/^\/transactions/)
    expect(new URL(frame.url()).searchParams.get('safe')).toBe(`dev:${solo}`)

    // A reload of the frame reconnects through the host by itself.
    await frame.goto(`${e2e.stack.url}/assets?safe=dev:${solo}`)
    await app.getByTestId('rk-account-button').waitFor()
    await expect.poll(() => app.getByTestId('rk-account-button').textContent()).toContain(short(solo))

    // The host kept its own wallet connection (same origin, separate wagmi storage).
    await page.goto(`${e2e.stack.url}/apps?safe=dev:${solo}`)
    await page.getByTestId('rk-account-button').waitFor()
    await expect.poll(() => page.getByTestId('rk-account-button').textContent()).not.toContain(short(solo))
    expect(errors).toEqual([])
  })

  it('behavior: a send created in the embedded app goes to the host, signed there by its wallet, queued', async () => {
    const page = e2e.page
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    const recipient = testAccount(5).address
    await connectDevnet(page, 0, `${e2e.stack.url}/apps?safe=dev:${solo}`)
    await page.goto(
      `${e2e.stack.url}/apps?safe=dev:${solo}&appUrl=${encodeURIComponent(
        `${e2e.stack.url}/transactions/new?safe=dev:${solo}&kind=send`,
      )}`,
    )
    const app = page.frameLocator('[data-testid="safe-app-frame"]')
    await app.getByTestId('rk-account-button').waitFor()
    await expect.poll(() => app.getByTestId('rk-account-button').textContent()).toContain(short(solo))

    // The forms, not "not an owner": the connected "wallet" is the Safe itself.
    const form = app.getByTestId('send-token-form')
    await form.waitFor()
    await expect(app.getByTestId('read-only-notice').count()).resolves.toBe(0)
    await form.getByTestId('send-token-select').selectOption('0x0000000000000000000000000000000000000000')
    await form.getByTestId('send-recipient-input').fill(recipient)
    await form.getByTestId('send-amount-input').fill('0.01')
    await form.getByTestId('tx-form-review').click()

    // Our review, without the nonce and hashes (the host picks the nonce), then to the host.
    const review = app.locator('[data-testid="new-tx-review"][data-embedded="true"]')
    await review.waitFor()
    await expect.poll(() => review.getByTestId('review-to').getAttribute('data-address')).toBe(recipient)
    await expect(review.getByTestId('nonce-input').count()).resolves.toBe(0)
    await expect(review.getByTestId('review-domain-hash').count()).resolves.toBe(0)
    await expect(review.getByTestId('sign-and-propose').count()).resolves.toBe(0)
    await review.getByTestId('submit-to-host').click()

    // The host's own review and sign, with its devnet wallet (owner #0 of the 1-of-1 Safe).
    const hostReview = page.getByTestId('app-request').getByTestId('new-tx-review')
    await hostReview.waitFor()
    await expect.poll(() => hostReview.getByTestId('review-to').getAttribute('data-address')).toBe(recipient)
    await page.screenshot({ path: join(screenshotDir, 'embedded-host-review.png') })
    await hostReview.getByTestId('sign-and-propose').click()

    // The app shows the safeTxHash the host answered, and links to the queue, where it is.
    const submitted = review.getByTestId('host-submitted')
    await submitted.waitFor()
    const safeTxHash = ((await submitted.getAttribute('data-safe-tx-hash')) ?? '') as Hex
    expect(safeTxHash).toMatch(/^0x[0-9a-f]{64}$/)
    await expect(page.getByTestId('app-request').count()).resolves.toBe(0)
    await review.getByTestId('host-queue-link').click()
    const item = app.locator(`[data-testid="queue-item"][data-tx-id*="${safeTxHash}"]`)
    await item.waitFor()
    await page.screenshot({ path: join(screenshotDir, 'embedded-queue.png') })

    // Stored with a real signature of owner #0 over that hash, for the call made in the app.
    const { chainId } = e2e.stack.devnet
    const response = await fetch(`${e2e.stack.url}/v1/chains/${chainId}/transactions/${safeTxHash}`)
    expect(response.status).toBe(200)
    const details = (await response.json()) as {
      txData: { to: { value: string }; value: string }
      detailedExecutionInfo: { confirmations: { signer: { value: string }; signature: Hex }[] }
    }
    expect(isAddressEqual(details.txData.to.value as Address, recipient)).toBe(true)
    expect(details.txData.value).toBe(parseEther('0.01').toString())
    const [confirmation] = details.detailedExecutionInfo.confirmations
    if (!confirmation) throw new Error('no confirmation')
    const signer = await recoverAddress({ hash: safeTxHash, signature: confirmation.signature })
    expect(signer).toBe(testAccount(0).address)
    expect(confirmation.signer.value).toBe(testAccount(0).address)

    // A batch of two goes as one wallet_sendCalls: one Safe transaction, batched by the host.
    const frame = await childFrame(page)
    await frame.goto(`${e2e.stack.url}/transactions/new?safe=dev:${solo}&kind=send`)
    await form.waitFor()
    await form.getByTestId('send-token-select').selectOption('0x0000000000000000000000000000000000000000')
    await form.getByTestId('send-recipient-input').fill(recipient)
    await form.getByTestId('send-amount-input').fill('0.02')
    await form.getByTestId('tx-form-add-to-batch').click()
    await form.getByTestId('send-recipient-input').fill(testAccount(6).address)
    await form.getByTestId('send-amount-input').fill('0.03')
    await form.getByTestId('tx-form-add-to-batch').click()
    await app.getByTestId('batch-review').click()
    await review.waitFor()
    await expect.poll(() => review.getByTestId('tx-action').count()).toBe(2)
    await review.getByTestId('submit-to-host').click()
    await hostReview.waitFor()
    await expect.poll(() => page.getByTestId('app-request').textContent()).toContain('batch of 2 actions')
    await hostReview.getByTestId('sign-and-propose').click()
    await submitted.waitFor()
    const batchHash = (await submitted.getAttribute('data-safe-tx-hash')) ?? ''
    expect(batchHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(batchHash).not.toBe(safeTxHash)
    await review.getByTestId('host-queue-link').click()
    await app.locator(`[data-testid="queue-item"][data-tx-id*="${batchHash}"]`).waitFor()
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
