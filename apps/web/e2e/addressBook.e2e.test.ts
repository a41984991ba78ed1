import { join } from 'node:path'
import { testAccount } from '@concord/devnet'
import type { Address } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { connectDevnet } from './connectDevnet.ts'
import { screenshotDir, setupE2E } from './session.ts'

// Sign-In with Ethereum through RainbowKit's dialog, and the shared address book: account #0, owner of
// "solo", signs in from the address book, imports a CSV with one bad row (reported, the others imported),
// sees the names in the owners list, notes a history item (shown on its page and in its history row), and
// signs out again with the wallet still connected.

const e2e = setupE2E({
  viewport: { width: 1280, height: 900 },
  onPage: (page) => page.setDefaultTimeout(20_000),
})

let solo: Address
let treasury: Address

beforeAll(() => {
  const { scenario } = e2e.stack.devnet
  if (!scenario) throw new Error('the stack runs without the demo scenario')
  solo = scenario.safes.solo.address
  treasury = scenario.safes.treasury.address
})

describe('address book and sign-in', () => {
  it('an owner signs in, imports a CSV with one bad row, sees the names, and signs out', async () => {
    const page = e2e.page
    const owner = testAccount(0).address
    const friend = testAccount(3).address
    await connectDevnet(page, 0, `${e2e.stack.url}/address-book?safe=dev:${solo}`)
    await page.getByTestId('address-book-source').getByText('Saved in this browser only.').waitFor()

    // RainbowKit's sign-in step: the message is prepared, signed by the devnet wallet and verified.
    await page.getByTestId('sign-in').click()
    await page.getByTestId('rk-auth-message-button').click()
    await page.getByTestId('signed-in').getByText(owner).waitFor()
    await page
      .getByTestId('address-book-source')
      .getByText(/Shared with the owners/)
      .waitFor()

    const csv = [
      'address,name,chainId',
      `${owner},Treasurer,31337`,
      `${owner.toLowerCase().replace('0x', '0xZZ')},Broken,31337`,
      `${friend},"Friend, of the team",31337`,
      `${treasury},Team treasury,31337`,
    ].join('\n')
    await page.getByTestId('address-book-import-text').fill(csv)
    await page.getByTestId('address-book-import-submit').click()
    const result = page.getByTestId('address-book-import-result')
    await result.getByText('3 entries imported, 1 bad row:').waitFor()
    const bad = page.getByTestId('address-book-import-bad-row')
    await expect.poll(() => bad.count()).toBe(1)
    await expect.poll(() => bad.getAttribute('data-line')).toBe('3')
    await expect.poll(() => bad.textContent()).toMatch(/^Line 3: Invalid address/)
    // The bad row stays in the text box, for fixing.
    await expect.poll(() => page.getByTestId('address-book-import-text').inputValue()).toContain('Broken')
    await page
      .locator(`[data-testid="address-book-row"][data-address="${friend}"]`)
      .getByText('Friend, of the team')
      .waitFor()
    await page.screenshot({ path: join(screenshotDir, 'address-book-import.png'), fullPage: true })

    // The names show wherever the address appears: the owners on Home, the connected account in the header.
    await page.getByRole('link', { name: 'Home' }).click()
    await page.getByTestId('safe-owners').getByText('Treasurer').waitFor()
    // The Safe picker names a Safe named in any book this browser knows (here solo's names the treasury).
    await page.getByRole('link', { name: 'Switch Safe' }).click()
    await page
      .locator(`[data-testid="owned-safe"][data-address="${treasury}"] [data-testid="safe-name"]`)
      .getByText('Team treasury')
      .waitFor()
    // solo, named in no book, keeps the name the devnet's chain config gives it.
    expect(
      await page
        .locator(`[data-testid="owned-safe"][data-address="${solo}"] [data-testid="safe-name"]`)
        .textContent(),
    ).toBe('Solo (demo)')
    // …and the open treasury's sidebar card, though its own book is empty.
    await page.locator(`[data-testid="owned-safe"][data-address="${treasury}"] a`).click()
    await page.getByTestId('current-safe-name').getByText('Team treasury').waitFor()
    await page.goto(`${e2e.stack.url}/?safe=dev:${solo}`)
    await page.getByTestId('safe-owners').getByText('Treasurer').waitFor()

    // A note on the newest history item, written by the signed-in owner; the history offers the CSV export.
    await page.getByRole('link', { name: 'Transactions' }).click()
    await page.goto(`${e2e.stack.url}/transactions/history?safe=dev:${solo}`)
    await page.getByTestId('history-export').waitFor()
    await expect
      .poll(() => page.getByTestId('history-export').getAttribute('href'))
      .toMatch(/\/transactions\/export\?format=csv$/)
    const noted = page.getByTestId('tx-row').first()
    const notedId = await noted.getAttribute('data-tx-id')
    expect(await page.getByTestId('tx-row-note').count()).toBe(0)
    await noted.click()
    await page.getByTestId('tx-note-input').fill('Paid the auditors')
    await page.getByTestId('tx-note-submit').click()
    await page.getByTestId('tx-note-text').getByText('Paid the auditors').waitFor()
    await page.getByTestId('tx-note').getByText('Treasurer').waitFor()

    // Back in the history, that row shows the latest note and its author by name; the others none. Its
    // counterparty (the treasury) shows by its address-book name.
    await page.goBack()
    const rowNote = page.locator(
      `[data-testid="tx-row"][data-tx-id="${notedId}"] [data-testid="tx-row-note"]`,
    )
    await rowNote.getByText('Paid the auditors').waitFor()
    await expect.poll(() => rowNote.getByTestId('tx-row-note-author').textContent()).toBe('— Treasurer')
    await expect.poll(() => page.getByTestId('tx-row-note').count()).toBe(1)
    await page
      .locator(`[data-testid="tx-row"][data-tx-id="${notedId}"] [data-testid="tx-counterparty-name"]`)
      .getByText('Team treasury')
      .waitFor()
    await page.screenshot({ path: join(screenshotDir, 'history-row-note.png'), fullPage: true })

    // Sign out: the book is this browser's copy again (mirrored), the wallet stays connected.
    await page.getByRole('link', { name: 'Address book' }).click()
    await page.getByTestId('sign-out').click()
    await page.getByTestId('sign-in-prompt').waitFor()
    await page.getByTestId('address-book-source').getByText('Saved in this browser only.').waitFor()
    await page.locator(`[data-testid="address-book-row"][data-address="${friend}"]`).waitFor()
    await page.locator('[data-testid="rk-account-button"]').waitFor()
  })

  it('a name saved before signing in is kept: stored in the shared book at sign-in, there after a reload', async () => {
    const page = e2e.page
    const auditor = testAccount(6).address
    await connectDevnet(page, 0, `${e2e.stack.url}/address-book?safe=dev:${treasury}`)
    await page.getByTestId('address-book-source').getByText('Saved in this browser only.').waitFor()
    await page.getByTestId('address-book-add-address').fill(auditor)
    await page.getByTestId('address-book-add-name').fill('Auditor')
    await page.getByTestId('address-book-add-submit').click()
    const row = page.locator(`[data-testid="address-book-row"][data-address="${auditor}"]`)
    await row.getByText('Auditor').waitFor()

    await page.getByTestId('sign-in').click()
    await page.getByTestId('rk-auth-message-button').click()
    await page
      .getByTestId('address-book-source')
      .getByText(/Shared with the owners/)
      .waitFor()
    await row.getByText('Auditor').waitFor()
    // The gateway's own book holds it now (the session's request, as the page makes it).
    const sharedNames = () =>
      page.evaluate(async (url) => {
        const res = await fetch(url, { credentials: 'include' })
        const body = (await res.json()) as { results?: { name: string }[] }
        return (body.results ?? []).map((e) => e.name)
      }, `${e2e.stack.url}/v1/chains/31337/safes/${treasury}/address-book`)
    await expect.poll(sharedNames, { timeout: 10_000 }).toContain('Auditor')
    // Without the browser's copy of the book, a reload still shows it: from the gateway.
    await page.evaluate(() => {
      for (const key of Object.keys(localStorage))
        if (key.startsWith('concord.addressBook')) localStorage.removeItem(key)
    })
    await page.reload()
    await page
      .getByTestId('address-book-source')
      .getByText(/Shared with the owners/)
      .waitFor()
    await row.getByText('Auditor').waitFor()
  })

  it('a wrong sign-in (gateway refuses) shows the seed’s error text and offers a retry', async () => {
    const page = e2e.page
    await page.route('**/v1/auth/verify', (route) =>
      route.fulfill({ status: 401, contentType: 'application/json', body: '{"code":401,"message":"no"}' }),
    )
    await connectDevnet(page, 0, `${e2e.stack.url}/address-book?safe=dev:${solo}`)
    await page.getByTestId('sign-in').click()
    await page.getByTestId('rk-auth-message-button').click()
    await page.getByText('Error verifying signature, please retry!').waitFor()
    await page.getByTestId('rk-auth-message-button').waitFor()
  })
})
