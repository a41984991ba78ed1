import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import type { Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Create a Safe from the browser, and what a wallet that is not an owner sees.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

let treasury: Address
const account = (index: number) => testAccount(index).address

beforeAll(() => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
})

describe('create a Safe, read-only, receive', () => {
  it('default: a non-owner sees the treasury read-only, creates its own Safe and opens it', async () => {
    await connectDevnet(e2e.page, 5, `${e2e.stack.url}/?safe=dev:${treasury}`)
    await e2e.page.getByTestId('read-only-banner').waitFor()

    await e2e.page.goto(e2e.stack.url)
    await e2e.page.getByTestId('create-safe-link').click()
    const form = e2e.page.getByTestId('create-safe-form')
    await expect.poll(() => form.getByTestId('create-safe-owner').inputValue()).toBe(account(5))
    await form.getByTestId('create-safe-add-owner').click()
    await form.getByTestId('create-safe-owner').nth(1).fill('0x1234')
    await form.getByTestId('create-safe-submit').click()
    await form.getByText('Not an address: expected 0x followed by 40 hexadecimal characters').waitFor()
    await form.getByTestId('create-safe-owner').nth(1).fill(account(6).toLowerCase())
    await form.getByTestId('create-safe-threshold').selectOption('2')
    await form.getByTestId('create-safe-name').fill('  Team vault ')
    // The salt nonce is folded under Advanced.
    await expect.poll(() => form.getByTestId('create-safe-salt').isVisible()).toBe(false)
    await form.getByTestId('create-safe-advanced-toggle').click()
    await form.getByTestId('create-safe-salt').fill('777')
    const predicted = form.locator('[data-testid="predicted-address"][data-address^="0x"]')
    await predicted.waitFor()
    const address = await predicted.getAttribute('data-address')
    await e2e.page.screenshot({ path: join(screenshotDir, 'create-safe.png') })

    // The review, before the wallet is asked: owners, threshold, address, contracts, salt and fee.
    const chain = (await (await fetch(`${e2e.stack.url}/v1/chains/31337`)).json()) as {
      chainName: string
      nativeCurrency: { symbol: string }
    }
    await form.getByTestId('create-safe-submit').click()
    const review = e2e.page.getByTestId('create-safe-review')
    await expect.poll(() => review.getByTestId('review-network').textContent()).toBe(chain.chainName)
    await expect.poll(() => review.getByTestId('review-name').textContent()).toBe('Team vault')
    const reviewedOwners = await review
      .getByTestId('review-owner')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.address))
    expect(reviewedOwners).toEqual([account(5), account(6)])
    await expect.poll(() => review.getByTestId('review-threshold').textContent()).toBe('2 of 2')
    await expect.poll(() => review.getByTestId('review-address').getAttribute('data-address')).toBe(address)
    await expect.poll(() => review.getByTestId('review-salt').textContent()).toBe('777')
    const fee = review.getByTestId('review-fee').filter({ hasText: chain.nativeCurrency.symbol })
    await fee.waitFor()
    await expect
      .poll(() => fee.textContent())
      .toMatch(new RegExp(`\\d[\\d.,]* ${chain.nativeCurrency.symbol}`))
    await e2e.page.screenshot({ path: join(screenshotDir, 'create-safe-review.png') })

    // Back keeps what was typed.
    await review.getByTestId('create-safe-back').click()
    await expect.poll(() => form.getByTestId('create-safe-name').inputValue()).toBe('  Team vault ')
    await expect(
      form
        .getByTestId('create-safe-owner')
        .evaluateAll((nodes) => nodes.map((n) => (n as HTMLInputElement).value)),
    ).resolves.toEqual([account(5), account(6).toLowerCase()])
    await expect.poll(() => form.getByTestId('create-safe-threshold').inputValue()).toBe('2')
    await expect.poll(() => form.getByTestId('create-safe-salt').inputValue()).toBe('777')
    await expect.poll(() => form.getByTestId('predicted-address').getAttribute('data-address')).toBe(address)

    // A deployment that fails (the wallet has nothing to pay gas with) says so on the review, which stays.
    const { client } = e2e.stack.devnet
    const balance = await client.getBalance({ address: account(5) })
    await client.setBalance({ address: account(5), value: 0n })
    await form.getByTestId('create-safe-submit').click()
    await review.getByTestId('create-safe-confirm').click()
    const failure = review.getByTestId('create-safe-error')
    await failure.waitFor()
    await e2e.page.screenshot({ path: join(screenshotDir, 'create-safe-failed.png') })
    await expect.poll(() => failure.textContent()).toMatch(/^The deployment failed: \S/)
    await expect(client.getCode({ address: address as Address })).resolves.toBeUndefined()
    await client.setBalance({ address: account(5), value: balance })
    await review.getByTestId('create-safe-confirm').click()
    await e2e.page.waitForURL((url) => url.searchParams.get('safe') === `dev:${address}`, { timeout: 60_000 })
    await e2e.page.locator('[data-testid="safe-threshold"]:text-is("2/2")').waitFor()
    const owners = await e2e.page
      .getByTestId('safe-owner')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.address))
    expect(owners.sort()).toEqual([account(5), account(6)].sort())
    await expect(e2e.page.getByTestId('read-only-banner').count()).resolves.toBe(0)
    // The name given on the form names the Safe: in the sidebar and on the start page.
    await e2e.page.locator('[data-testid="current-safe-name"]:text-is("Team vault")').waitFor()
    const code = await e2e.stack.devnet.client.getCode({ address: address as Address })
    expect(code?.length).toBeGreaterThan(2)

    // Receive shows the new Safe's address as a QR code.
    await e2e.page.getByTestId('receive-button').first().click()
    const dialog = e2e.page.getByTestId('receive-dialog')
    await expect.poll(() => dialog.getByTestId('qr-code').getAttribute('data-value')).toBe(address)
    await e2e.page.screenshot({ path: join(screenshotDir, 'receive.png') })
    await dialog.getByRole('button', { name: 'Close' }).click()

    await e2e.page.getByTestId('rk-account-button').click()
    await e2e.page
      .getByText(/Create Safe 0x/)
      .first()
      .waitFor()
    await e2e.page.keyboard.press('Escape')

    await e2e.page.goto(e2e.stack.url)
    await e2e.page
      .locator(`[data-testid="owned-safe"][data-address="${address}"] [data-testid="safe-name"]`)
      .filter({ hasText: /^Team vault$/ })
      .waitFor()
    expect(e2e.pageErrors).toEqual([])
  })
})
