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
    await expect(form.getByTestId('create-safe-owner').inputValue()).resolves.toBe(account(5))
    await form.getByTestId('create-safe-add-owner').click()
    await form.getByTestId('create-safe-owner').nth(1).fill('0x1234')
    await form.getByTestId('create-safe-submit').click()
    await form.getByText('Not an address: expected 0x followed by 40 hexadecimal characters').waitFor()
    await form.getByTestId('create-safe-owner').nth(1).fill(account(6).toLowerCase())
    await form.getByTestId('create-safe-threshold').selectOption('2')
    await form.getByTestId('create-safe-salt').fill('777')
    const predicted = form.locator('[data-testid="predicted-address"][data-address^="0x"]')
    await predicted.waitFor()
    const address = await predicted.getAttribute('data-address')
    await e2e.page.screenshot({ path: join(screenshotDir, 'create-safe.png') })

    await form.getByTestId('create-safe-submit').click()
    await e2e.page.waitForURL((url) => url.searchParams.get('safe') === `dev:${address}`, { timeout: 60_000 })
    await e2e.page.locator('[data-testid="safe-threshold"]:text-is("2/2")').waitFor()
    const owners = await e2e.page
      .getByTestId('safe-owner')
      .evaluateAll((nodes) => nodes.map((node) => (node as HTMLElement).dataset.address))
    expect(owners.sort()).toEqual([account(5), account(6)].sort())
    await expect(e2e.page.getByTestId('read-only-banner').count()).resolves.toBe(0)
    const code = await e2e.stack.devnet.client.getCode({ address: address as Address })
    expect(code?.length).toBeGreaterThan(2)

    // Receive shows the new Safe's address as a QR code.
    await e2e.page.getByTestId('receive-button').first().click()
    const dialog = e2e.page.getByTestId('receive-dialog')
    await expect(dialog.getByTestId('qr-code').getAttribute('data-value')).resolves.toBe(address)
    await e2e.page.screenshot({ path: join(screenshotDir, 'receive.png') })
    await dialog.getByRole('button', { name: 'Close' }).click()

    await e2e.page.getByTestId('rk-account-button').click()
    await e2e.page
      .getByText(/Create Safe 0x/)
      .first()
      .waitFor()
    expect(e2e.pageErrors).toEqual([])
  })
})
