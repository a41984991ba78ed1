import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import { messageHash } from '@concord/safe/messages'
import type { Page } from 'playwright-core'
import { type Address, concat, type Hex, keccak256, parseAbi } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Messages (EIP-1271) in the browser, on the demo "treasury" (2-of-3: accounts #0, #1, #2): owner #0 writes and
// signs a message in the New message form (after a refused typed-data draft), owner #1 signs it in its own browser
// context, the message becomes Confirmed and its prepared signature, copied from the page, is valid on chain.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

let treasury: Address
beforeAll(() => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  treasury = scenario.safes.treasury.address
})

const messagesUrl = () => `${e2e.stack.url}/messages?safe=dev:${treasury}`
const account = (index: number) => testAccount(index).address
const item = (page: Page) => page.getByTestId('message-item').first()

/** How the first message row is laid out in its list. */
const rowLayout = (page: Page) =>
  item(page)
    .getByTestId('message-row')
    .evaluate((row) => {
      const list = row.closest('ul')?.getBoundingClientRect()
      const box = row.getBoundingClientRect()
      const parts = ['message-preview', 'message-confirmations', 'message-status'].map((id) =>
        (row.querySelector(`[data-testid="${id}"]`) as HTMLElement).getBoundingClientRect(),
      )
      const lineHeight = Number.parseFloat(
        getComputedStyle(row.querySelector('[data-testid="message-preview"]')!).lineHeight,
      )
      return {
        fullWidth: list !== undefined && Math.abs(box.width - list.width) < 2,
        oneLine: parts[0]!.height < lineHeight * 1.5,
        overlapping: parts.some((a, i) =>
          parts
            .slice(i + 1)
            .some((b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom),
        ),
      }
    })

describe('messages: two owners sign', () => {
  it('owner #0 creates and signs, owner #1 signs: Confirmed, the prepared signature copies and verifies', async () => {
    const page = e2e.page
    await connectDevnet(page, 0, messagesUrl())
    // The page has its heading, as every page does.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Messages')
    await page.getByText('No messages').waitFor()

    // A typed-data draft the gateway's rules refuse: the error is shown and the input stays.
    await page.getByTestId('new-message-kind-typed').check()
    const draft = JSON.stringify({
      domain: { name: 'x' },
      types: { M: [{ name: 'a', type: 'uint8' }] },
      message: { a: 1 },
    })
    await page.getByTestId('new-message-text').fill(draft)
    await page.getByTestId('new-message-submit').click()
    await page.getByTestId('new-message-error').filter({ hasText: 'Please specify primaryType' }).waitFor()
    await expect.poll(() => page.getByTestId('new-message-text').inputValue()).toBe(draft)

    const text = 'Concord e2e: we approve the Q3 budget'
    await page.getByTestId('new-message-kind-text').check()
    await page.getByTestId('new-message-text').fill(text)
    await page.getByTestId('new-message-submit').click()
    await item(page).waitFor()
    await expect.poll(() => page.getByTestId('new-message-text').inputValue()).toBe('')
    await page.getByTestId('date-label').first().waitFor()
    await expect.poll(() => item(page).getByTestId('message-status').textContent()).toBe('Needs signatures')
    await expect.poll(() => item(page).getByTestId('message-confirmations').textContent()).toBe('1/2')
    // The row spans the list, its text on one line beside the signatures and status, none overlapping.
    expect(await rowLayout(page)).toEqual({ fullWidth: true, oneLine: true, overlapping: false })
    await item(page).getByTestId('message-row').click()
    await item(page).getByTestId('message-text').filter({ hasText: text }).waitFor()
    await item(page)
      .locator(`[data-testid="message-signer"][data-owner="${account(0)}"]`)
      .waitFor()
    await item(page)
      .locator(`[data-testid="message-missing-owner"][data-owner="${account(1)}"]`)
      .waitFor()
    // Owner #0 has signed: no Sign button for it.
    expect(await item(page).getByTestId('sign-message').count()).toBe(0)

    // Owner #1, in its own context, signs in the UI.
    const browser = e2e.context.browser()
    if (!browser) throw new Error('no browser')
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2e.stack.url })
    try {
      const second = await context.newPage()
      second.setDefaultTimeout(20_000)
      await connectDevnet(second, 1, messagesUrl())
      await item(second).getByTestId('message-row').click()
      // Before signing, what owner #1's device will show: the Safe's own domainSeparator() (read from the
      // contract) and the message hash, whose digest is the message's hash in the list.
      const shown = async (id: string) => (await item(second).getByTestId(id).textContent()) as Hex
      const [domainHash, structHash, digest] = await Promise.all(
        ['message-domain-hash', 'message-message-hash', 'message-safe-message-hash'].map(shown),
      )
      expect(domainHash).toBe(
        await e2e.stack.devnet.client.readContract({
          address: treasury,
          abi: parseAbi(['function domainSeparator() view returns (bytes32)']),
          functionName: 'domainSeparator',
        }),
      )
      expect(keccak256(concat(['0x1901', domainHash as Hex, structHash as Hex]))).toBe(digest)
      await expect.poll(() => item(second).getAttribute('data-hash')).toBe(digest)
      await item(second).getByTestId('sign-message').click()
      await item(second).getByTestId('message-status').filter({ hasText: 'Confirmed' }).waitFor()
      await item(second).getByTestId('prepared-signature').waitFor()
      await item(second)
        .locator(`[data-testid="message-signer"][data-owner="${account(1)}"]`)
        .waitFor()
      await second.screenshot({ path: join(screenshotDir, 'messages-confirmed.png'), fullPage: true })

      await item(second).getByTestId('copy-prepared-signature').click()
      const copied = (await second.evaluate(() => navigator.clipboard.readText())) as Hex
      expect(copied).toBe(await item(second).getByTestId('prepared-signature').getAttribute('data-signature'))
      const magic = await e2e.stack.devnet.client.readContract({
        address: treasury,
        abi: parseAbi(['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)']),
        functionName: 'isValidSignature',
        args: [messageHash(text), copied],
      })
      expect(magic).toBe('0x1626ba7e')
    } finally {
      await context.close()
    }
    // Owner #0's list follows (refreshed every few seconds).
    await item(page).getByTestId('message-status').filter({ hasText: 'Confirmed' }).waitFor()
    expect(e2e.pageErrors).toEqual([])
  })
})
